import type { FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { addDays, type CurrencyCode, type Invoice } from '@ipos/contracts';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { dueChoices, type DraftForm } from '../invoice-draft';
import { InvoiceLinesCard } from './invoice-lines-card';
import { InvoiceTotalsCard } from './invoice-totals-card';
import { useInvoiceForm, type InvoiceFormState } from './use-invoice-form';
import { FormColumns } from '../../../components/form/form-columns';

export { errorKey } from './use-invoice-form';

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

/** The customer, the issue date and the due date (with quick choices a number of days after issue). */
function InvoiceHeadCard({ invoice, today }: { invoice: InvoiceFormState; today: string }) {
  const { form, errors, change } = invoice;
  return (
    <Card withBorder radius="md">
      <FormColumns cols={3} spacing="md">
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
      </FormColumns>
    </Card>
  );
}

/**
 * A draft invoice: the customer, issue and due dates, product lines (found with the variant picker,
 * the store's price prefilled and editable) and service lines (description, quantity, price, a tax
 * rate of the business), discounts per line and on the whole invoice, notes and terms. Every figure
 * is `priceCart`'s, the same function the API prices the invoice with, so the total shown is the
 * total saved. "Save & issue" saves, then issues (numbering it and taking its products out of stock).
 */
export function InvoiceForm({ storeId, currency, today, initial, invoice, onSaved, onCancel }: InvoiceFormProps) {
  const draft = useInvoiceForm({ currency, initial, invoice, onSaved });
  const { form, errors, formError, busy, change, submit } = draft;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={invoice ? 'Edit draft invoice' : 'New invoice'}>
      <Stack gap="md">
        <InvoiceHeadCard invoice={draft} today={today} />

        <InvoiceLinesCard invoice={draft} storeId={storeId} currency={currency} />

        <FormColumns spacing="md">
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
          <InvoiceTotalsCard invoice={draft} currency={currency} />
        </FormColumns>

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
