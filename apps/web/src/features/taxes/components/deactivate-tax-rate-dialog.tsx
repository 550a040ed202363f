import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TaxRate } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useSetTaxRateActive } from '../api/tax-rates';

/** Deactivating a rate, confirmed first: it stays on the records that use it and can come back. */
export function DeactivateTaxRateDialog({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const setActive = useSetTaxRateActive();
  const confirmDeactivate = async () => {
    if (!rate) return;
    try {
      await setActive.mutateAsync({ id: rate.id, version: rate.version, active: false });
      toast.show({ type: 'success', message: `Deactivated ${rate.name}.` });
    } catch (error) {
      showApiError(error, 'Could not deactivate the tax rate');
    } finally {
      onClose();
    }
  };
  return (
    <Modal opened={rate !== null} onClose={onClose} title="Deactivate this tax rate?">
      <Stack>
        <Text>
          {rate?.name ?? ''} will no longer be offered for new products and sales. It is kept for the records that use
          it, and you can reactivate it later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={setActive.isPending} onClick={() => void confirmDeactivate()}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
