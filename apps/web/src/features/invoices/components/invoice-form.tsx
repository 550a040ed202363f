import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  addDays,
  createInvoiceBodySchema,
  updateInvoiceBodySchema,
  type CurrencyCode,
  type Invoice,
  type TaxRate,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput } from '../../../components/money/money-input';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { newId } from '../../../lib/ids';
import { currencySymbol } from '../../../lib/money';
import { useCreateInvoice, useIssueInvoice, useServiceTaxRates, useUpdateInvoice } from '../api/invoices';
import {
  dueChoices,
  priceDraft,
  productLine,
  serviceLine,
  toCreateBody,
  toDraftBody,
  type DiscountType,
  type DraftForm,
  type DraftLine,
  type FieldErrors,
} from '../invoice-draft';

export interface InvoiceFormProps {
  storeId: string;
  currency: CurrencyCode;
  /** The store's today (YYYY-MM-DD), for the quick due dates. */
  today: string;
  initial: DraftForm;
  /** The draft being edited; none for a new invoice. */
  invoice?: Invoice;
  /** After a save: the invoice as saved (issued when "Save & issue" went through). */
  onSaved: (invoice: Invoice) => void;
  onCancel: () => void;
}

/** A contract or API path as the form's error key: `body.lines.0.discount.value` → `lines.0.discount`. */
export function errorKey(path: string): string {
  return path
    .replace(/^body\./, '')
    .replace(/^(lines\.\d+\.discount)\..*$/, '$1')
    .replace(/^(cartDiscount)\..*$/, '$1');
}

/**
 * A draft invoice: the customer, issue and due dates, product lines (found with the variant picker,
 * the store's price prefilled and editable) and service lines (description, quantity, price, a tax
 * rate of the business), discounts per line and on the whole invoice, notes and terms. Every figure
 * is `priceCart`'s, the same function the API prices the invoice with, so the total shown is the
 * total saved. "Save & issue" saves, then issues (numbering it and taking its products out of stock).
 */
export function InvoiceForm({ storeId, currency, today, initial, invoice, onSaved, onCancel }: InvoiceFormProps) {
  const [form, setForm] = useState<DraftForm>(initial);
  // A new draft's id comes from here, so a create retried after a lost answer is the same draft.
  const [draftId] = useState(() => newId());
  // Once saved (also when issuing then failed), later saves change that draft.
  const [saved, setSaved] = useState<{ id: string; version: number } | null>(
    invoice ? { id: invoice.id, version: invoice.version } : null,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'issue' | null>(null);

  const taxRates = useServiceTaxRates();
  const rates = taxRates.data?.items ?? [];
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const issue = useIssueInvoice();

  const priced = priceDraft(form, currency);

  const check = () => {
    const { body, errors } = toDraftBody(form, currency);
    const found: FieldErrors = { ...errors };
    const result = saved
      ? updateInvoiceBodySchema.safeParse({ ...body, version: saved.version })
      : createInvoiceBodySchema.safeParse(toCreateBody(draftId, body));
    if (!result.success)
      for (const issue of result.error.issues) {
        const key = errorKey(issue.path.join('.'));
        found[key] ??= key === 'customerId' ? 'Choose the customer' : issue.message;
      }
    return { body, errors: found, ok: result.success && Object.keys(errors).length === 0 };
  };
  const local = submitted ? check().errors : {};
  const errors: FieldErrors = { ...serverErrors, ...local };
  // A line's errors that have no column of their own (the product named twice, a rate not allowed).
  const lineErrors = (i: number) =>
    ['variantId', 'taxRateId', 'lines'].map((f) => errors[`lines.${i}.${f}`]).filter(Boolean) as string[];

  const change = (patch: Partial<DraftForm>, clear: string[] = []) => {
    setForm((current) => ({ ...current, ...patch }));
    if (clear.length) setServerErrors((current) => omit(current, clear));
    setFormError(null);
  };
  const changeLine = (i: number, patch: Partial<DraftLine>, field: string) => {
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line, j) => (j === i ? { ...line, ...patch } : line)),
    }));
    setServerErrors((current) => omit(current, [`lines.${i}.${field}`, `lines.${i}.variantId`]));
    setFormError(null);
  };
  // Removing or adding a line moves the others: errors by index no longer point right.
  const setLines = (lines: DraftLine[]) => {
    setForm((current) => ({ ...current, lines }));
    setServerErrors((current) =>
      omit(
        current,
        Object.keys(current).filter((k) => k.startsWith('lines')),
      ),
    );
    setFormError(null);
  };

  const addService = () => {
    const defaultRate = rates.find((r) => r.isDefault);
    setLines([...form.lines, serviceLine(defaultRate)]);
    // Focus the new line's description once it is rendered.
    setTimeout(() => document.getElementById(`line-${form.lines.length}-description`)?.focus(), 0);
  };
  const setServiceRate = (i: number, rateId: string) => {
    const rate: TaxRate | undefined = rates.find((r) => r.id === rateId);
    changeLine(
      i,
      { taxRateId: rateId, taxRateBasisPoints: rate?.rateBasisPoints ?? 0, taxInclusive: rate?.isInclusive ?? false },
      'taxRateId',
    );
  };

  const showServerError = (error: ApiError, lines: DraftLine[]) => {
    const found: FieldErrors = {};
    for (const { field, message } of error.fieldErrors) found[errorKey(field)] ??= message;
    if (error.code === 'INSUFFICIENT_STOCK') {
      const shortages = (error.problem?.shortages ?? []) as { variantId: string; onHand: number }[];
      for (const s of shortages) {
        const i = lines.findIndex((l) => l.variantId === s.variantId);
        if (i >= 0) found[`lines.${i}.quantity`] = `Only ${s.onHand} on hand in this store`;
      }
    }
    setServerErrors(found);
    // Field errors sit beside their fields; anything else is said once above the buttons.
    const placed = Object.keys(found).length > 0;
    setFormError(error.code === 'VALIDATION_FAILED' && placed ? null : describeApiError(error));
  };

  const submit = async (andIssue: boolean) => {
    if (busy) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const { body, ok } = check();
    if (!ok) return;
    setBusy(andIssue ? 'issue' : 'draft');
    const lines = form.lines;
    let draft: Invoice;
    try {
      draft = saved
        ? await update.mutateAsync({ invoiceId: saved.id, body: { ...body, version: saved.version } })
        : await create.mutateAsync(toCreateBody(draftId, body));
      setSaved({ id: draft.id, version: draft.version });
    } catch (error) {
      setBusy(null);
      if (!isApiError(error)) return void showApiError(error, 'Could not save the invoice');
      // The draft exists already (a create that was answered before): edit that one from now on.
      return showServerError(error, lines);
    }
    if (!andIssue) {
      setBusy(null);
      toast.show({ type: 'success', message: 'Draft saved.' });
      return onSaved(draft);
    }
    try {
      const issued = await issue.mutateAsync({ invoiceId: draft.id, version: draft.version });
      toast.show({ type: 'success', message: `Issued ${issued.number ?? 'the invoice'}.` });
      onSaved(issued);
    } catch (error) {
      if (!isApiError(error)) showApiError(error, 'Saved as a draft, but could not issue it');
      else showServerError(error, lines);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(false);
  };

  const productIds = new Set(form.lines.flatMap((l) => (l.variantId ? [l.variantId] : [])));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={invoice ? 'Edit draft invoice' : 'New invoice'}>
      <Stack gap="md">
        <Card withBorder radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <ContactPicker
              kind="customer"
              label="Customer"
              required
              value={form.customerId}
              error={errors.customerId}
              onChange={(customerId) => change({ customerId }, ['customerId'])}
            />
            <TextInput
              type="date"
              label="Issue date"
              required
              value={form.issueDate}
              error={errors.issueDate}
              onChange={(event) => change({ issueDate: event.currentTarget.value }, ['issueDate', 'dueDate'])}
            />
            <Stack gap={4}>
              <TextInput
                type="date"
                label="Due date"
                required
                value={form.dueDate}
                error={errors.dueDate}
                onChange={(event) => change({ dueDate: event.currentTarget.value }, ['dueDate'])}
              />
              <Group gap={6} aria-label="Due in">
                {dueChoices.map((days) => {
                  const due = addDays(form.issueDate || today, days);
                  return (
                    <Button
                      key={days}
                      size="compact-xs"
                      variant={form.dueDate === due ? 'filled' : 'light'}
                      onClick={() => change({ dueDate: due }, ['dueDate'])}
                    >
                      {days} days
                    </Button>
                  );
                })}
              </Group>
            </Stack>
          </SimpleGrid>
        </Card>

        {/* Visible overflow: the product search's list drops below the card. */}
        <Card withBorder radius="md" padding={0} style={{ overflow: 'visible' }}>
          <Stack gap={0}>
            <Group justify="space-between" p="md" pb="xs">
              <Title order={2} size="h4">
                Lines
              </Title>
            </Group>
            {form.lines.length === 0 ? (
              <Text c={errors.lines ? 'red' : 'dimmed'} px="md" pb="md" data-testid="no-lines">
                {errors.lines ?? 'No lines yet: add a product below, or a service line.'}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="xs" aria-label="Invoice lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th miw={150}>Item</Table.Th>
                      <Table.Th w={64}>Quantity</Table.Th>
                      <Table.Th w={130}>Price</Table.Th>
                      <Table.Th w={150}>Discount</Table.Th>
                      <Table.Th w={120}>Tax</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th w={40} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {form.lines.map((line, i) => {
                      const figures = priced.lines[i]!;
                      const name = line.description || `line ${i + 1}`;
                      return (
                        <Table.Tr key={line.key} data-testid="invoice-line" style={{ verticalAlign: 'top' }}>
                          <Table.Td>
                            {line.kind === 'product' ? (
                              <>
                                <Text size="sm" fw={500}>
                                  {line.description}
                                </Text>
                                <Text size="xs" c="dimmed">
                                  {line.sku}
                                </Text>
                              </>
                            ) : (
                              <TextInput
                                id={`line-${i}-description`}
                                aria-label={`Description of service line ${i + 1}`}
                                placeholder="Service"
                                value={line.description}
                                error={errors[`lines.${i}.description`]}
                                maxLength={200}
                                onChange={(e) => changeLine(i, { description: e.currentTarget.value }, 'description')}
                              />
                            )}
                            {lineErrors(i).map((message) => (
                              <Text key={message} size="xs" c="red">
                                {message}
                              </Text>
                            ))}
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={`Quantity of ${name}`}
                              inputMode="decimal"
                              value={line.quantity}
                              error={errors[`lines.${i}.quantity`]}
                              onChange={(e) => changeLine(i, { quantity: e.currentTarget.value }, 'quantity')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <MoneyInput
                              aria-label={`Price of ${name}`}
                              currency={currency}
                              value={line.price}
                              error={errors[`lines.${i}.unitPriceMinor`]}
                              onChange={(price) => changeLine(i, { price }, 'unitPriceMinor')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <DiscountField
                              label={`Discount on ${name}`}
                              currency={currency}
                              type={line.discountType}
                              value={line.discount}
                              error={errors[`lines.${i}.discount`]}
                              onType={(discountType) => changeLine(i, { discountType }, 'discount')}
                              onChange={(discount) => changeLine(i, { discount }, 'discount')}
                            />
                          </Table.Td>
                          <Table.Td>
                            {line.kind === 'service' ? (
                              <NativeSelect
                                aria-label={`Tax rate of ${name}`}
                                value={line.taxRateId}
                                error={errors[`lines.${i}.taxRateId`]}
                                onChange={(e) => setServiceRate(i, e.currentTarget.value)}
                                data={[
                                  { value: '', label: 'No tax' },
                                  ...rates.map((r) => ({
                                    value: r.id,
                                    label: `${r.name} ${r.rateBasisPoints / 100}%${r.isInclusive ? ' incl.' : ''}`,
                                  })),
                                ]}
                              />
                            ) : (
                              <Text size="sm" pt={6}>
                                {line.taxRateBasisPoints === 0
                                  ? 'No tax'
                                  : `${line.taxRateBasisPoints / 100}%${line.taxInclusive ? ' incl.' : ''}`}
                              </Text>
                            )}
                            {figures.taxMinor > 0 ? (
                              <Text size="xs" c="dimmed" data-testid="line-tax">
                                <Money amountMinor={figures.taxMinor} currency={currency} />
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td ta="right" pt={12} style={{ whiteSpace: 'nowrap' }}>
                            <Money amountMinor={figures.totalMinor} currency={currency} data-testid="line-total" />
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              mt={4}
                              aria-label={`Remove ${name}`}
                              onClick={() => setLines(form.lines.filter((_, j) => j !== i))}
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
            <Group align="flex-end" p="md" gap="sm" wrap="wrap">
              <div style={{ flex: '1 1 320px' }}>
                <VariantPicker
                  storeId={storeId}
                  currency={currency}
                  price="selling"
                  excludeVariantIds={productIds}
                  onPick={(variant) => setLines([...form.lines, productLine(variant, currency)])}
                />
              </div>
              <Button variant="default" onClick={addService}>
                Add a service line
              </Button>
            </Group>
          </Stack>
        </Card>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="sm">
            <Textarea
              label="Notes"
              description="Printed on the invoice"
              rows={3}
              maxLength={2000}
              value={form.notes}
              error={errors.notes}
              onChange={(e) => change({ notes: e.currentTarget.value }, ['notes'])}
            />
            <Textarea
              label="Terms"
              description="How and when to pay"
              rows={3}
              maxLength={2000}
              value={form.terms}
              error={errors.terms}
              onChange={(e) => change({ terms: e.currentTarget.value }, ['terms'])}
            />
          </Stack>
          <Card withBorder radius="md" aria-label="Totals" component="section">
            <Stack gap="xs">
              <DiscountField
                label="Invoice discount"
                visibleLabel
                currency={currency}
                type={form.cartDiscountType}
                value={form.cartDiscount}
                error={errors.cartDiscount}
                onType={(cartDiscountType) => change({ cartDiscountType }, ['cartDiscount'])}
                onChange={(cartDiscount) => change({ cartDiscount }, ['cartDiscount'])}
              />
              <TotalRow label="Subtotal" testId="draft-subtotal">
                <Money amountMinor={priced.subtotalMinor} currency={currency} />
              </TotalRow>
              <TotalRow label="Discount" testId="draft-discount">
                <Money amountMinor={-priced.discountMinor} currency={currency} />
              </TotalRow>
              <TotalRow label="Tax" testId="draft-tax">
                <Money amountMinor={priced.taxMinor} currency={currency} />
              </TotalRow>
              <TotalRow label="Total" strong testId="draft-total">
                <Money amountMinor={priced.totalMinor} currency={currency} />
              </TotalRow>
            </Stack>
          </Card>
        </SimpleGrid>

        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </Button>
          <Button type="submit" variant="light" loading={busy === 'draft'} disabled={busy === 'issue'}>
            Save draft
          </Button>
          <Button onClick={() => void submit(true)} loading={busy === 'issue'} disabled={busy === 'draft'}>
            Save &amp; issue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function omit(errors: FieldErrors, keys: string[]): FieldErrors {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

function TotalRow({
  label,
  children,
  strong,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined} fz={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} fz={strong ? 'lg' : 'sm'} data-testid={testId} aria-live="polite">
        {children}
      </Text>
    </Group>
  );
}

/** A discount: a percentage or an amount in the currency, chosen beside the field. */
function DiscountField({
  label,
  visibleLabel,
  currency,
  type,
  value,
  error,
  onType,
  onChange,
}: {
  label: string;
  visibleLabel?: boolean;
  currency: CurrencyCode;
  type: DiscountType;
  value: string;
  error: string | undefined;
  onType: (type: DiscountType) => void;
  onChange: (value: string) => void;
}) {
  const typeSelect = (
    <NativeSelect
      aria-label={`${label}: type`}
      // A percentage, or an amount in the currency (₦).
      data={[
        { value: 'percent', label: '%' },
        { value: 'amount', label: currencySymbol(currency) },
      ]}
      value={type}
      w={64}
      onChange={(e) => onType(e.currentTarget.value as DiscountType)}
    />
  );
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {type === 'amount' ? (
        <MoneyInput
          label={visibleLabel ? label : undefined}
          aria-label={label}
          currency={currency}
          value={value}
          error={error}
          placeholder="0"
          style={{ flex: 1 }}
          onChange={onChange}
        />
      ) : (
        <TextInput
          label={visibleLabel ? label : undefined}
          aria-label={label}
          inputMode="decimal"
          value={value}
          error={error}
          placeholder="0"
          rightSection="%"
          style={{ flex: 1 }}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      <div style={visibleLabel ? { paddingTop: 25 } : undefined}>{typeSelect}</div>
    </Group>
  );
}
