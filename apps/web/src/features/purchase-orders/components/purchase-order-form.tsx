import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrencyCode, PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { purchaseOrderPath } from './paths';
import { PurchaseOrderLines } from './purchase-order-lines';
import { usePurchaseOrderForm } from './use-purchase-order-form';
import { pathTo } from '../../../lib/route-paths';
import { FormColumns } from '../../../components/form/form-columns';

export interface PurchaseOrderFormProps {
  storeId: string;
  currency: CurrencyCode;
  /** Edit mode: the OPEN order with nothing received whose details and lines are replaced. */
  order?: PurchaseOrder;
  /** Create mode: the vendor to start with (`?vendorId=` from a vendor's page). */
  initialVendorId?: string | null;
  onSaved: (order: PurchaseOrder) => void;
}

/**
 * A purchase order's details and lines, to create one or to change an OPEN one with nothing received.
 * Lines come from the variant search (priced at cost) or from the low-stock list with suggested
 * quantities; the contract's schema checks it before the API does, and the API's field errors land
 * on their fields.
 */
export function PurchaseOrderForm({ storeId, currency, order, initialVendorId, onSaved }: PurchaseOrderFormProps) {
  const form = usePurchaseOrderForm({ currency, order, initialVendorId, onSaved });
  const editing = order !== undefined;
  const title = editing ? `Edit ${order.number}` : 'New purchase order';

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={title}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={editing ? purchaseOrderPath(order.id) : pathTo('dashboard.purchase-order')}
            size="sm"
          >
            {editing ? `← ${order.number}` : '← Purchase orders'}
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>

        <Card withBorder radius="md" padding="md">
          <FormColumns spacing="md">
            <ContactPicker
              kind="vendor"
              label="Vendor"
              required
              value={form.vendorId}
              error={form.fieldError('vendorId')}
              onChange={form.setVendorId}
            />
            <TextInput
              label="Expected on"
              type="date"
              description="When the delivery should arrive (optional)"
              value={form.expectedOn}
              error={form.fieldError('expectedOn')}
              onChange={(e) => form.setExpectedOn(e.currentTarget.value)}
            />
          </FormColumns>
          <Textarea
            mt="md"
            label="Notes"
            description="Printed on the order for the vendor"

            rows={2}
            maxLength={1000}
            value={form.notes}
            error={form.fieldError('notes')}
            onChange={(e) => form.setNotes(e.currentTarget.value)}
          />
        </Card>

        <PurchaseOrderLines form={form} storeId={storeId} currency={currency} />

        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}

        <Group justify="space-between" align="center" wrap="wrap">
          <Text aria-live="polite" data-testid="po-total">
            {form.lines.length} {form.lines.length === 1 ? 'line' : 'lines'} · Total{' '}
            <Text span fw={700} fz="lg">
              <Money amountMinor={form.totalMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to={editing ? purchaseOrderPath(order.id) : pathTo('dashboard.purchase-order')}
            >
              Cancel
            </Button>
            <Button type="submit" loading={form.saving}>
              {editing ? 'Save changes' : 'Create order'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
