import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { basisPointsToPercent, type TaxRate } from '@ipos/contracts';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { toast } from '../../../components/toast';
import { useTaxRates, useUpdateTaxRate } from '../api/tax-rates';
import { DeactivateTaxRateDialog } from './deactivate-tax-rate-dialog';
import { RateActions } from './tax-rate-actions';
import { EditTaxRateForm } from './tax-rate-form';

/** 750 → "7.5%", 1225 → "12.25%". */
export const formatRate = (basisPoints: number) => `${basisPointsToPercent(basisPoints)}%`;

/** Name, rate and the actions always show; prices and status move into details when narrow. */
function taxRateColumns(
  canManage: boolean,
  onEdit: (rate: TaxRate) => void,
  onDeactivate: (rate: TaxRate) => void,
): TableColumn<TaxRate>[] {
  const columns: TableColumn<TaxRate>[] = [
    {
      key: 'name',
      label: 'Name',
      priority: 0,
      minWidth: 112,
      cell: (rate) => (
        <Group gap="xs">
          <Text fw={600} c={rate.isActive ? undefined : 'dimmed'}>
            {rate.name}
          </Text>
          {rate.isDefault ? <Badge variant="light">Default</Badge> : null}
        </Group>
      ),
    },
    { key: 'rate', label: 'Rate', kind: 'number', priority: 0, cell: (rate) => formatRate(rate.rateBasisPoints) },
    {
      key: 'prices',
      label: 'Prices',
      priority: 2,
      minWidth: 80,
      cell: (rate) => (rate.isInclusive ? 'Inclusive' : 'Exclusive'),
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'other',
      priority: 1,
      cell: (rate) => (
        <Badge color={rate.isActive ? 'green' : 'gray'} variant="light">
          {rate.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      thProps: { ta: 'right' },
      cell: (rate) => <RateActions rate={rate} onEdit={onEdit} onDeactivate={onDeactivate} />,
    },
  ];
}

/**
 * `settings/tax-management`: the business's tax rates. With `canManage` (settings.tax): create, edit,
 * set the default, deactivate (with a confirmation) and reactivate. Rates are never deleted.
 */
export function TaxRateList({ canManage, createPath }: { canManage: boolean; createPath: string }) {
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [confirming, setConfirming] = useState<TaxRate | null>(null);
  const rates = useTaxRates(showInactive);
  const items = rates.data?.items ?? [];
  const update = useUpdateTaxRate();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Tax management</Title>
        <Group gap="md">
          <Switch
            label="Show inactive"
            checked={showInactive}
            onChange={(event) => setShowInactive(event.currentTarget.checked)}
          />
          {canManage ? (
            <Button component={Link} to={createPath}>
              New tax rate
            </Button>
          ) : null}
        </Group>
      </Group>
      <Card withBorder padding={0} radius="md">
        <ListState
          query={rates}
          count={items.length}
          loadingLabel="Loading the tax rates"
          errorTitle="We could not load the tax rates"
          empty={<Text p="lg">{canManage ? 'No tax rates yet. Create the first one.' : 'No tax rates yet.'}</Text>}
        >
          <ResponsiveTable
            label="Tax rates"
            columns={taxRateColumns(canManage, setEditing, setConfirming)}
            rows={items}
            rowKey={(rate) => rate.id}
            rowLabel={(rate) => rate.name}
            rowProps={() => ({ 'data-testid': 'tax-rate-row' })}
            refreshing={rates.isPlaceholderData}
          />
        </ListState>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.name ?? ''}`}>
        {editing ? (
          <EditTaxRateForm
            rate={editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await update.mutateAsync({ id: editing.id, body });
              toast.show({ type: 'success', message: `Saved ${body.name ?? editing.name}.` });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <DeactivateTaxRateDialog rate={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}
