import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { basisPointsToPercent, type TaxRate } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { useSetTaxRateActive, useTaxRates, useUpdateTaxRate } from '../api/tax-rates';
import { EditTaxRateForm } from './tax-rate-form';

/** 750 → "7.5%", 1225 → "12.25%". */
export const formatRate = (basisPoints: number) => `${basisPointsToPercent(basisPoints)}%`;

function RateActions({
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
    <Group gap={4} wrap="nowrap" justify="flex-end">
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

/**
 * `settings/tax-management`: the business's tax rates. With `canManage` (settings.tax): create, edit,
 * set the default, deactivate (with a confirmation) and reactivate. Rates are never deleted.
 */
export function TaxRateList({ canManage, createPath }: { canManage: boolean; createPath: string }) {
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [confirming, setConfirming] = useState<TaxRate | null>(null);
  const rates = useTaxRates(showInactive);
  const update = useUpdateTaxRate();
  const setActive = useSetTaxRateActive();

  const confirmDeactivate = async () => {
    const rate = confirming;
    if (!rate) return;
    try {
      await setActive.mutateAsync({ id: rate.id, version: rate.version, active: false });
      toast.show({ type: 'success', message: `Deactivated ${rate.name}.` });
    } catch (error) {
      showApiError(error, 'Could not deactivate the tax rate');
    } finally {
      setConfirming(null);
    }
  };

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
      <WhenLoaded query={rates} loadingLabel="Loading the tax rates" errorTitle="We could not load the tax rates">
        {({ items }) =>
          items.length === 0 ? (
            <Card withBorder padding="lg" radius="md">
              <Text>{canManage ? 'No tax rates yet. Create the first one.' : 'No tax rates yet.'}</Text>
            </Card>
          ) : (
            <Card withBorder padding={0} radius="md">
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Tax rates">
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
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </WhenLoaded>
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
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Deactivate this tax rate?">
        <Stack>
          <Text>
            {confirming?.name ?? ''} will no longer be offered for new products and sales. It is kept for the records
            that use it, and you can reactivate it later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={setActive.isPending} onClick={() => void confirmDeactivate()}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
