import { useState } from 'react';
import {
  createInvoiceBodySchema,
  updateInvoiceBodySchema,
  type CurrencyCode,
  type Invoice,
  type TaxRate,
} from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { newId } from '../../../lib/ids';
import { useCreateInvoice, useIssueInvoice, useServiceTaxRates, useUpdateInvoice } from '../api/invoices';
import {
  priceDraft,
  serviceLine,
  toCreateBody,
  toDraftBody,
  type DraftForm,
  type DraftLine,
  type FieldErrors,
} from '../invoice-draft';

/** A contract or API path as the form's error key: `body.lines.0.discount.value` → `lines.0.discount`. */
export function errorKey(path: string): string {
  return path
    .replace(/^body\./, '')
    .replace(/^(lines\.\d+\.discount)\..*$/, '$1')
    .replace(/^(cartDiscount)\..*$/, '$1');
}

function omit(errors: FieldErrors, keys: string[]): FieldErrors {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * A draft invoice's state and saving: the form checked against the contract (shown once a save was
 * tried), the draft created once (its id chosen here, so a retry after a lost answer is the same
 * draft) then updated, "Save & issue" saving then issuing, and the API's errors placed on their fields
 * (a shortage on the line's quantity) or said once above the buttons.
 */
export function useInvoiceForm({
  currency,
  initial,
  invoice,
  onSaved,
}: {
  currency: CurrencyCode;
  initial: DraftForm;
  invoice: Invoice | undefined;
  onSaved: (invoice: Invoice) => void;
}) {
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

  return {
    form,
    priced,
    rates,
    errors,
    formError,
    busy,
    change,
    changeLine,
    setLines,
    addService,
    setServiceRate,
    submit,
  };
}

export type InvoiceFormState = ReturnType<typeof useInvoiceForm>;
