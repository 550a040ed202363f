import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CurrencyCode, StockCount } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { showApiError, toast } from '../../../components/toast';
import { useCloseStockCount } from '../api/stock';

/**
 * The confirmations that close a count: post (says how many lines change stock and how many stay
 * uncounted) or cancel (drops the counted quantities).
 */
export function CountCloseDialogs({
  count,
  confirming,
  summary,
  blind,
  currency,
  onClose,
}: {
  count: StockCount;
  confirming: 'post' | 'cancel' | null;
  summary: { changing: number; uncounted: number };
  blind: boolean;
  currency: CurrencyCode;
  onClose: () => void;
}) {
  const close = useCloseStockCount();
  const totals = count.totals;

  const finish = async (action: 'post' | 'cancel') => {
    try {
      const closed = await close.mutateAsync({ countId: count.id, version: count.version, action });
      toast.show({
        type: 'success',
        message:
          action === 'post'
            ? `Posted ${closed.number}: stock now matches what was counted.`
            : `Cancelled ${closed.number}.`,
      });
    } catch (error) {
      showApiError(error, action === 'post' ? 'Could not post the count' : 'Could not cancel the count');
    } finally {
      onClose();
    }
  };

  return (
    <>
      <Modal opened={confirming === 'post'} onClose={onClose} title={`Post count ${count.number}?`}>
        <Stack>
          <Text>
            {blind
              ? `Stock of the ${count.countedCount} counted ${count.countedCount === 1 ? 'line' : 'lines'} becomes what was counted; the differences show once posted.`
              : summary.changing === 0
                ? 'No counted line differs from what is expected: stock will not change.'
                : `${summary.changing} ${summary.changing === 1 ? 'line' : 'lines'} will change stock to the counted quantity.`}
          </Text>
          {summary.uncounted > 0 ? (
            <Text>
              {summary.uncounted} {summary.uncounted === 1 ? 'line is' : 'lines are'} not counted and will stay as{' '}
              {summary.uncounted === 1 ? 'it is' : 'they are'}.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {totals ? (
              <>
                Net value at cost: <Money amountMinor={totals.netValueMinor} currency={currency} />.{' '}
              </>
            ) : null}
            A posted count cannot be changed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep counting
            </Button>
            <Button loading={close.isPending} onClick={() => void finish('post')}>
              Post count
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirming === 'cancel'} onClose={onClose} title={`Cancel count ${count.number}?`}>
        <Stack>
          <Text>The counted quantities are dropped and stock is not touched.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep counting
            </Button>
            <Button color="red" loading={close.isPending} onClick={() => void finish('cancel')}>
              Cancel count
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
