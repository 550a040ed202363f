import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { basisPointsToPercent, type TaxRate } from '@ipos/contracts';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { toast } from '../../../components/toast';
import { useTaxRates, useUpdateTaxRate } from '../api/tax-rates';
import { DeactivateTaxRateDialog } from './deactivate-tax-rate-dialog';
import { RateActions } from './tax-rate-actions';
import { EditTaxRateForm } from './tax-rate-form';

/** 750 → "7.5%", 1225 → "12.25%". */
export const formatRate = (basisPoints: number) => `${basisPointsToPercent(basisPoints)}%`;

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
          <ListTable label="Tax rates" minWidth={640} refreshing={rates.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Prices</Table.Th>
                <Table.Th>Status</Table.Th>
                {canManage ? (
                  <Table.Th ta="right">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((rate) => (
                <Table.Tr key={rate.id} data-testid="tax-rate-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} c={rate.isActive ? undefined : 'dimmed'}>
                        {rate.name}
                      </Text>
                      {rate.isDefault ? <Badge variant="light">Default</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatRate(rate.rateBasisPoints)}
                  </Table.Td>
                  <Table.Td>{rate.isInclusive ? 'Inclusive' : 'Exclusive'}</Table.Td>
                  <Table.Td>
                    <Badge color={rate.isActive ? 'green' : 'gray'} variant="light">
                      {rate.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <RateActions rate={rate} onEdit={setEditing} onDeactivate={setConfirming} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
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
