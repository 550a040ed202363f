import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  createPurchaseOrderBodySchema,
  unitAllowsFractions,
  updatePurchaseOrderBodySchema,
  type CreatePurchaseOrderBody,
  type CurrencyCode,
  type ProductUnit,
  type PurchaseOrder,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreatePurchaseOrder, useReorderSuggestions, useUpdatePurchaseOrder } from '../api/purchase-orders';
import { lineAmountMinor, parseQuantity } from '../order-figures';
import { PURCHASE_ORDERS_PATH, purchaseOrderPath } from './paths';

/** One line as the person edits it: the text of its quantity and unit cost. */
interface DraftLine {
  key: string;
  variantId: string;
  name: string;
  sku: string;
  unit: ProductUnit;
  quantity: string;
  unitCost: string;
  /** The vendor's own code for it, when known. */
  vendorItemCode?: string | null;
}

type Field = 'vendorId' | 'expectedOn' | 'notes' | 'lines';
type LineField = 'quantity' | 'unitCostMinor' | 'variantId';
interface Errors {
  fields: Partial<Record<Field, string>>;
  lines: Record<string, Partial<Record<LineField, string>>>;
  form: string | null;
}
const noErrors = (): Errors => ({ fields: {}, lines: {}, form: null });
const fieldNames: readonly Field[] = ['vendorId', 'expectedOn', 'notes', 'lines'];

export interface PurchaseOrderFormProps {
  storeId: string;
  currency: CurrencyCode;
  /** Edit mode: the OPEN order with nothing received whose details and lines are replaced. */
  order?: PurchaseOrder;
  /** Create mode: the vendor to start with (`?vendorId=` from a vendor's page). */
  initialVendorId?: string | null;
  onSaved: (order: PurchaseOrder) => void;
}

const quantityText = (quantity: number) => String(quantity);

/**
 * A purchase order's details and lines, to create one or to change an OPEN one with nothing received.
 * Lines come from the variant search (priced at cost) or from the low-stock list with suggested
 * quantities; the contract's schema checks it before the API does, and the API's field errors land
 * on their fields.
 */
export function PurchaseOrderForm({ storeId, currency, order, initialVendorId, onSaved }: PurchaseOrderFormProps) {
  const editing = order !== undefined;
  const [vendorId, setVendorId] = useState<string | null>(order?.vendor.id ?? initialVendorId ?? null);
  const [expectedOn, setExpectedOn] = useState(order?.expectedOn ?? '');
  const [notes, setNotes] = useState(order?.notes ?? '');
  const [lines, setLines] = useState<DraftLine[]>(
    () =>
      order?.lines.map((l) => ({
        key: l.variantId,
        variantId: l.variantId,
        name: l.name,
        sku: l.sku,
        unit: l.unit,
        quantity: quantityText(l.quantityOrdered),
        unitCost: minorToInput(l.unitCostMinor, currency),
        vendorItemCode: l.vendorItemCode,
      })) ?? [],
  );
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Errors>(noErrors);
  const [loadingSuggestions, setLoadingSuggestions] = useState(false);
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder(order?.id ?? '');
  const fetchSuggestions = useReorderSuggestions();
  const saving = create.isPending || update.isPending;

  const parsedLines = lines.map((line) => ({
    line,
    quantity: parseQuantity(line.quantity, line.unit),
    cost: parseMoneyInput(line.unitCost, currency),
  }));
  const totalMinor = parsedLines.reduce(
    (sum, { quantity, cost }) =>
      quantity.ok && quantity.value && cost.ok && cost.minor !== null
        ? sum + lineAmountMinor(quantity.value, cost.minor)
        : sum,
    0,
  );

  const buildBody = (): { body: CreatePurchaseOrderBody; found: Errors } => {
    const found = noErrors();
    if (!vendorId) found.fields.vendorId = 'Choose the vendor';
    const bodyLines = parsedLines.map(({ line, quantity, cost }) => {
      if (!quantity.ok) (found.lines[line.key] ??= {}).quantity = quantity.message;
      if (!cost.ok) (found.lines[line.key] ??= {}).unitCostMinor = cost.message;
      return {
        variantId: line.variantId,
        // Empty or malformed: let the schema say what is missing in its own words.
        quantity: quantity.ok && quantity.value !== null ? quantity.value : (undefined as unknown as number),
        unitCostMinor: cost.ok && cost.minor !== null ? cost.minor : (undefined as unknown as number),
      };
    });
    const body: CreatePurchaseOrderBody = {
      vendorId: vendorId ?? '',
      ...(expectedOn ? { expectedOn } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      lines: bodyLines,
    };
    return { body, found };
  };

  /** A contract or API path ('lines.2.quantity', 'body.vendorId') onto its field, line or the form. */
  const place = (path: string, message: string, found: Errors) => {
    const p = path.replace(/^body\./, '');
    const line = /^lines\.(\d+)\.(\w+)/.exec(p);
    if (line) {
      const draft = lines[Number(line[1])];
      const field = line[2] as LineField;
      if (draft && ['quantity', 'unitCostMinor', 'variantId'].includes(field))
        (found.lines[draft.key] ??= {})[field] ??= message;
      else found.form ??= message;
    } else if (fieldNames.includes(p as Field)) found.fields[p as Field] ??= message;
    else if (p === 'version') found.form ??= message;
    else found.form ??= message;
  };

  const check = () => {
    const { body, found } = buildBody();
    const result = editing
      ? updatePurchaseOrderBodySchema.safeParse({ ...body, version: order.version })
      : createPurchaseOrderBodySchema.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        // A line's own parse message is more precise than the schema's "expected number".
        const lineMatch = /^lines\.(\d+)\.(quantity|unitCostMinor)$/.exec(path);
        const key = lineMatch ? lines[Number(lineMatch[1])]?.key : undefined;
        if (key && found.lines[key]?.[lineMatch![2] as LineField]) continue;
        place(
          path,
          issue.path.length === 3 && issue.code === 'invalid_type' ? requiredWords(path) : issue.message,
          found,
        );
      }
    const ok = result.success && Object.keys(found.lines).length === 0;
    return { found, body: ok ? body : undefined };
  };

  const local = submitted ? check().found : noErrors();
  const fieldError = (field: Field) => server.fields[field] ?? local.fields[field];
  const lineError = (key: string, field: LineField) => server.lines[key]?.[field] ?? local.lines[key]?.[field];
  const formError = server.form ?? local.form;

  const clearServer = () => setServer(noErrors());
  const changeLine = (key: string, patch: Partial<DraftLine>) => {
    setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    clearServer();
  };

  const addVariant = (v: {
    variantId: string;
    name: string;
    sku: string;
    unit: ProductUnit;
    quantity: number;
    unitCostMinor: number;
    vendorItemCode?: string | null;
  }) =>
    setLines((current) =>
      current.some((l) => l.variantId === v.variantId)
        ? current
        : [
            ...current,
            {
              key: v.variantId,
              variantId: v.variantId,
              name: v.name,
              sku: v.sku,
              unit: v.unit,
              quantity: quantityText(v.quantity),
              unitCost: minorToInput(v.unitCostMinor, currency),
              vendorItemCode: v.vendorItemCode ?? null,
            },
          ],
    );

  /** The low-stock products whose preferred vendor is the order's vendor (decision 0030). */
  const addLowStock = async () => {
    if (!vendorId) {
      setServer({ ...noErrors(), fields: { vendorId: 'Choose the vendor first: their low-stock products are added' } });
      return;
    }
    setLoadingSuggestions(true);
    try {
      const { items } = await fetchSuggestions(vendorId);
      const onOrder = new Set(lines.map((l) => l.variantId));
      const fresh = items.filter((s) => !onOrder.has(s.variantId) && s.suggestedQuantity > 0);
      for (const s of fresh)
        addVariant({
          variantId: s.variantId,
          name: s.name,
          sku: s.sku,
          unit: s.unit,
          quantity: s.suggestedQuantity,
          unitCostMinor: s.unitCostMinor,
          vendorItemCode: s.vendorItemCode,
        });
      toast.show({
        type: fresh.length > 0 ? 'success' : 'info',
        message:
          fresh.length > 0
            ? `Added ${fresh.length} low-stock ${fresh.length === 1 ? 'product' : 'products'} of this vendor with suggested quantities.`
            : items.length > 0
              ? 'This vendor’s low-stock products are already on this order.'
              : 'No product with this preferred vendor is at or below its reorder level.',
      });
    } catch (error) {
      showApiError(error, 'Could not load the low-stock products');
    } finally {
      setLoadingSuggestions(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    clearServer();
    const { body } = check();
    if (!body) return;
    try {
      const saved = editing
        ? await update.mutateAsync({ ...body, version: order.version })
        : await create.mutateAsync(body);
      toast.show({ type: 'success', message: editing ? `Saved ${saved.number}.` : `Created ${saved.number}.` });
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) return void showApiError(error, 'Could not save the order');
      const found = noErrors();
      for (const { field, message } of error.fieldErrors) place(field, message, found);
      const placed = Object.keys(found.fields).length > 0 || Object.keys(found.lines).length > 0;
      if (!placed && error.code !== 'VALIDATION_FAILED') found.form ??= describeApiError(error);
      setServer(found);
      if (!placed && !found.form) showApiError(error, 'Could not save the order');
    }
  };

  const variantIds = new Set(lines.map((l) => l.variantId));
  const title = editing ? `Edit ${order.number}` : 'New purchase order';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={editing ? purchaseOrderPath(order.id) : PURCHASE_ORDERS_PATH} size="sm">
            {editing ? `← ${order.number}` : '← Purchase orders'}
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>

        <Card withBorder radius="md" padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ContactPicker
              kind="vendor"
              label="Vendor"
              required
              value={vendorId}
              error={fieldError('vendorId')}
              onChange={(id) => {
                setVendorId(id);
                clearServer();
              }}
            />
            <TextInput
              label="Expected on"
              type="date"
              description="When the delivery should arrive (optional)"
              value={expectedOn}
              error={fieldError('expectedOn')}
              onChange={(e) => {
                setExpectedOn(e.currentTarget.value);
                clearServer();
              }}
            />
          </SimpleGrid>
          <Textarea
            mt="md"
            label="Notes"
            description="Printed on the order for the vendor"

            rows={2}
            maxLength={1000}
            value={notes}
            error={fieldError('notes')}
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              clearServer();
            }}
          />
        </Card>

        <Stack gap="xs" component="section" aria-labelledby="po-lines-title">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h4" id="po-lines-title">
              Products
            </Title>
            <Button variant="light" onClick={() => void addLowStock()} loading={loadingSuggestions}>
              Add low-stock products
            </Button>
          </Group>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <VariantPicker
                storeId={storeId}
                currency={currency}
                price="cost"
                label="Add a product"
                excludeVariantIds={variantIds}
                onPick={(v) => {
                  // Without inventory.costs the cost is not known here: the buyer types the vendor's price.
                  addVariant({ ...v, quantity: 1, unitCostMinor: v.costPriceMinor ?? 0 });
                  clearServer();
                }}
              />
              {lines.length === 0 ? (
                <Text size="sm" c={fieldError('lines') ? 'red' : 'dimmed'} data-testid="no-lines">
                  {fieldError('lines') ?? 'Search for a product above, or add the low-stock products.'}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="xs" aria-label="Order lines">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Product</Table.Th>
                        <Table.Th w={150}>Quantity</Table.Th>
                        <Table.Th w={170}>Unit cost</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th w={40}>
                          <VisuallyHidden>Remove</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {parsedLines.map(({ line, quantity, cost }) => {
                        const amount =
                          quantity.ok && quantity.value && cost.ok && cost.minor !== null
                            ? lineAmountMinor(quantity.value, cost.minor)
                            : null;
                        return (
                          <Table.Tr key={line.key} data-testid="po-line">
                            <Table.Td>
                              <Text size="sm" fw={500}>
                                {line.name}
                              </Text>
                              <Text size="xs" c={lineError(line.key, 'variantId') ? 'red' : 'dimmed'}>
                                {lineError(line.key, 'variantId') ??
                                  (line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <TextInput
                                aria-label={`Quantity of ${line.name}`}
                                inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                                value={line.quantity}
                                error={lineError(line.key, 'quantity')}
                                onChange={(e) => changeLine(line.key, { quantity: e.currentTarget.value })}
                                rightSection={
                                  line.unit === 'each' ? null : (
                                    <Text size="xs" c="dimmed">
                                      {line.unit}
                                    </Text>
                                  )
                                }
                              />
                            </Table.Td>
                            <Table.Td>
                              <MoneyInput
                                aria-label={`Unit cost of ${line.name}`}
                                currency={currency}
                                value={line.unitCost}
                                error={lineError(line.key, 'unitCostMinor')}
                                onChange={(value) => changeLine(line.key, { unitCost: value })}
                              />
                            </Table.Td>
                            <Table.Td ta="right">
                              {amount === null ? (
                                <Text c="dimmed">—</Text>
                              ) : (
                                <Money amountMinor={amount} currency={currency} />
                              )}
                            </Table.Td>
                            <Table.Td>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Remove ${line.name}`}
                                onClick={() => {
                                  setLines((current) => current.filter((l) => l.key !== line.key));
                                  clearServer();
                                }}
                              >
                                ×
                              </ActionIcon>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Card>
        </Stack>

        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}

        <Group justify="space-between" align="center" wrap="wrap">
          <Text aria-live="polite" data-testid="po-total">
            {lines.length} {lines.length === 1 ? 'line' : 'lines'} · Total{' '}
            <Text span fw={700} fz="lg">
              <Money amountMinor={totalMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to={editing ? purchaseOrderPath(order.id) : PURCHASE_ORDERS_PATH}
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save changes' : 'Create order'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function requiredWords(path: string): string {
  if (path.endsWith('quantity')) return 'Enter a quantity';
  if (path.endsWith('unitCostMinor')) return 'Enter the unit cost';
  return 'Required';
}
