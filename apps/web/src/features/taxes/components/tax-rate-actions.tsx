import { Button, Group } from '@mantine/core';
import type { TaxRate } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useSetTaxRateActive, useUpdateTaxRate } from '../api/tax-rates';

/** A rate's row actions: edit; while active and not the default, set default or deactivate; else reactivate. */
export function RateActions({
  rate,
  onEdit,
  onDeactivate,
}: {
  rate: TaxRate;
  onEdit: (rate: TaxRate) => void;
  onDeactivate: (rate: TaxRate) => void;
}) {
  const update = useUpdateTaxRate();
  const setActive = useSetTaxRateActive();
  const makeDefault = () =>
    update.mutate(
      { id: rate.id, body: { version: rate.version, isDefault: true } },
      {
        onSuccess: () => toast.show({ type: 'success', message: `${rate.name} is now the default rate.` }),
        onError: (error) => showApiError(error, 'Could not change the default rate'),
      },
    );
  const reactivate = () =>
    setActive.mutate(
      { id: rate.id, version: rate.version, active: true },
      {
        onSuccess: () => toast.show({ type: 'success', message: `Reactivated ${rate.name}.` }),
        onError: (error) => showApiError(error, 'Could not reactivate the tax rate'),
      },
    );
  return (
    <Group gap={4} justify="flex-end">
      <Button size="compact-sm" variant="subtle" aria-label={`Edit ${rate.name}`} onClick={() => onEdit(rate)}>
        Edit
      </Button>
      {rate.isActive && !rate.isDefault ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Make ${rate.name} the default`}
          loading={update.isPending}
          onClick={makeDefault}
        >
          Set default
        </Button>
      ) : null}
      {rate.isActive && !rate.isDefault ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Deactivate ${rate.name}`}
          onClick={() => onDeactivate(rate)}
        >
          Deactivate
        </Button>
      ) : null}
      {!rate.isActive ? (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Reactivate ${rate.name}`}
          loading={setActive.isPending}
          onClick={reactivate}
        >
          Reactivate
        </Button>
      ) : null}
    </Group>
  );
}
