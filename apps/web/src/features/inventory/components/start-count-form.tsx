import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listCategories } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { apiRequest } from '../../../lib/api-client';
import { useCreateStockCount, useStockCountPreview } from '../api/stock';

/** A count of one product (from its page), or of what the person picks: everything or some categories. */
export type CountScope = { kind: 'product'; productId: string; productName: string } | { kind: 'choose' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Start a count" asks first: it says what will be counted (how many variants of which product,
 * categories or store) before a numbered count exists, and offers a blind count, whose expected
 * quantities stay hidden from everyone until it is posted.
 */
export function StartCountDialog({
  opened,
  onClose,
  scope,
  storeName,
  onStarted,
}: {
  opened: boolean;
  onClose: () => void;
  scope: CountScope;
  storeName?: string;
  onStarted: (countId: string) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={scope.kind === 'product' ? `Count ${scope.productName}?` : 'Start a stock count'}
    >
      {opened ? <StartCountForm scope={scope} storeName={storeName} onStarted={onStarted} onCancel={onClose} /> : null}
    </Modal>
  );
}

function StartCountForm({
  scope,
  storeName,
  onStarted,
  onCancel,
}: {
  scope: CountScope;
  storeName?: string;
  onStarted: (id: string) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<'all' | 'categories'>('all');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [isBlind, setIsBlind] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateStockCount();
  const ids =
    scope.kind === 'product' ? { productIds: [scope.productId] } : choice === 'categories' ? { categoryIds } : {};
  const waitingForCategories = scope.kind === 'choose' && choice === 'categories' && categoryIds.length === 0;
  const preview = useStockCountPreview(ids, !waitingForCategories);

  const start = async () => {
    if (waitingForCategories) {
      setError('Choose at least one category');
      return;
    }
    try {
      const count = await create.mutateAsync({ ...(note.trim() ? { note: note.trim() } : {}), isBlind, ...ids });
      toast.show({
        type: 'success',
        message: `Started ${count.number} with ${plural(count.lineCount, 'line', 'lines')}: scan or enter what is on the shelf.`,
      });
      onStarted(count.id);
    } catch (failure) {
      showApiError(failure, 'Could not start the count');
    }
  };

  const where = storeName ? ` in ${storeName}` : '';
  const what =
    scope.kind === 'product'
      ? `of ${scope.productName}`
      : choice === 'categories'
        ? `of ${plural(categoryIds.length, 'category', 'categories')}`
        : 'of every tracked product';

  return (
    <Stack gap="md">
      {scope.kind === 'choose' ? (
        <>
          <Radio.Group label="What to count" value={choice} onChange={(value) => setChoice(value as typeof choice)}>
            <Stack gap="xs" mt="xs">
              <Radio value="all" label="Every tracked product" />
              <Radio value="categories" label="Products of some categories" />
            </Stack>
          </Radio.Group>
          {choice === 'categories' ? (
            <CategoryChoice
              value={categoryIds}
              error={error}
              onChange={(value) => {
                setCategoryIds(value);
                setError(undefined);
              }}
            />
          ) : null}
        </>
      ) : null}
      <Alert variant="light" color="blue" data-testid="count-preview" aria-live="polite">
        {waitingForCategories
          ? 'Choose the categories to count.'
          : preview.isError
            ? `We could not tell how many variants: ${describeApiError(preview.error)}`
            : preview.data
              ? `This count covers ${plural(preview.data.variantCount, 'variant', 'variants')} ${what}${where}.`
              : 'Working out what this count covers…'}
      </Alert>
      <Checkbox
        label="Blind count"
        description="Expected quantities and differences stay hidden until the count is posted, so people count what they see."
        checked={isBlind}
        onChange={(event) => setIsBlind(event.currentTarget.checked)}
      />
      <Textarea
        label="Note"
        description="Optional: which shelves, who counts"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={create.isPending} onClick={() => void start()}>
          Start count
        </Button>
      </Group>
    </Stack>
  );
}

/** Top-level categories with their sub-categories; a top-level one brings its children into the count. */
function CategoryChoice({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (value: string[]) => void;
}) {
  const categories = useQuery({
    queryKey: ['catalog', 'categories', { includeArchived: false }],
    queryFn: ({ signal }) => apiRequest(listCategories, { query: { includeArchived: 'false' }, signal }),
  });
  return (
    <WhenLoaded query={categories} loadingLabel="Loading the categories" errorTitle="We could not load the categories">
      {({ items }) => (
        <Checkbox.Group label="Categories" value={value} onChange={onChange} error={error}>
          <Stack gap={6} mt="xs" mah={280} style={{ overflowY: 'auto' }}>
            {items.length === 0 ? <Text size="sm">No categories yet.</Text> : null}
            {items.map((top) => (
              <Stack key={top.id} gap={4}>
                <Checkbox value={top.id} label={top.name} />
                {top.children.map((child) => (
                  <Checkbox key={child.id} value={child.id} label={child.name} ml="lg" />
                ))}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </WhenLoaded>
  );
}
