import { useState, type FormEvent } from 'react';
import type { CurrencyCode, PurchaseOrder } from '@ipos/contracts';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreatePurchaseOrder, useReorderSuggestions, useUpdatePurchaseOrder } from '../api/purchase-orders';
import {
  checkDraft,
  draftLineOf,
  draftTotalMinor,
  noErrors,
  parseDraftLines,
  placeError,
  type DraftErrors,
  type DraftLine,
  type DraftVariant,
  type LineField,
  type OrderField,
} from './purchase-order-draft';

/**
 * "Add low-stock products": the low-stock products whose preferred vendor is the order's vendor
 * (decision 0030), those not on the order yet added with their suggested quantities.
 */
function useLowStockLines({
  vendorId,
  lines,
  add,
  needVendor,
}: {
  vendorId: string | null;
  lines: DraftLine[];
  add: (v: DraftVariant) => void;
  /** No vendor chosen yet: says so on the vendor field. */
  needVendor: () => void;
}) {
  const [loading, setLoading] = useState(false);
  const fetchSuggestions = useReorderSuggestions();
  const addLowStock = async () => {
    if (!vendorId) return needVendor();
    setLoading(true);
    try {
      const { items } = await fetchSuggestions(vendorId);
      const onOrder = new Set(lines.map((l) => l.variantId));
      const fresh = items.filter((s) => !onOrder.has(s.variantId) && s.suggestedQuantity > 0);
      for (const s of fresh) add({ ...s, quantity: s.suggestedQuantity });
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
      setLoading(false);
    }
  };
  return { addLowStock, loadingSuggestions: loading };
}

/**
 * A purchase order being created or changed: its details and lines as typed, the low-stock products
 * of its vendor added with suggested quantities, the contract's schema checking it before the API
 * does, and the API's field errors placed on their fields and lines.
 */
export function usePurchaseOrderForm({
  currency,
  order,
  initialVendorId,
  onSaved,
}: {
  currency: CurrencyCode;
  order: PurchaseOrder | undefined;
  initialVendorId: string | null | undefined;
  onSaved: (order: PurchaseOrder) => void;
}) {
  const editing = order !== undefined;
  const [vendorId, setVendorId] = useState<string | null>(order?.vendor.id ?? initialVendorId ?? null);
  const [expectedOn, setExpectedOn] = useState(order?.expectedOn ?? '');
  const [notes, setNotes] = useState(order?.notes ?? '');
  const [lines, setLines] = useState<DraftLine[]>(
    () => order?.lines.map((l) => draftLineOf({ ...l, quantity: l.quantityOrdered }, currency)) ?? [],
  );
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<DraftErrors>(noErrors);
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder(order?.id ?? '');
  const saving = create.isPending || update.isPending;

  const parsedLines = parseDraftLines(lines, currency);
  const check = () => checkDraft({ vendorId, expectedOn, notes }, lines, parsedLines, order?.version);
  const local = submitted ? check().found : noErrors();
  const clearServer = () => setServer(noErrors());

  const addVariant = (v: DraftVariant) =>
    setLines((current) =>
      current.some((l) => l.variantId === v.variantId) ? current : [...current, draftLineOf(v, currency)],
    );
  const lowStock = useLowStockLines({
    vendorId,
    lines,
    add: addVariant,
    needVendor: () =>
      setServer({ ...noErrors(), fields: { vendorId: 'Choose the vendor first: their low-stock products are added' } }),
  });

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
      for (const { field, message } of error.fieldErrors) placeError(field, message, found, lines);
      const placed = Object.keys(found.fields).length > 0 || Object.keys(found.lines).length > 0;
      if (!placed && error.code !== 'VALIDATION_FAILED') found.form ??= describeApiError(error);
      setServer(found);
      if (!placed && !found.form) showApiError(error, 'Could not save the order');
    }
  };

  /** Changes a detail; the server's errors of the last save no longer apply. */
  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      clearServer();
    };

  return {
    editing,
    vendorId,
    setVendorId: edit(setVendorId),
    expectedOn,
    setExpectedOn: edit(setExpectedOn),
    notes,
    setNotes: edit(setNotes),
    lines,
    parsedLines,
    totalMinor: draftTotalMinor(parsedLines),
    fieldError: (field: OrderField) => server.fields[field] ?? local.fields[field],
    lineError: (key: string, field: LineField) => server.lines[key]?.[field] ?? local.lines[key]?.[field],
    formError: server.form ?? local.form,
    changeLine: (key: string, patch: Partial<DraftLine>) => {
      setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
      clearServer();
    },
    removeLine: (key: string) => {
      setLines((current) => current.filter((l) => l.key !== key));
      clearServer();
    },
    /** A product picked in the search: one of it at its cost (typed by the buyer when the cost is not known here). */
    pickVariant: (v: DraftVariant) => {
      addVariant(v);
      clearServer();
    },
    addLowStock: lowStock.addLowStock,
    loadingSuggestions: lowStock.loadingSuggestions,
    saving,
    submit,
  };
}

export type PurchaseOrderFormState = ReturnType<typeof usePurchaseOrderForm>;
