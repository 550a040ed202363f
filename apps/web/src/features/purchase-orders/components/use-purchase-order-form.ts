import { useState, type FormEvent } from 'react';
import {
  createPurchaseOrderBodySchema,
  updatePurchaseOrderBodySchema,
  type CreatePurchaseOrderBody,
  type CurrencyCode,
  type ProductUnit,
  type PurchaseOrder,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreatePurchaseOrder, useReorderSuggestions, useUpdatePurchaseOrder } from '../api/purchase-orders';
import { lineAmountMinor, parseQuantity } from '../order-figures';

/** One line as the person edits it: the text of its quantity and unit cost. */
export interface DraftLine {
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
export type LineField = 'quantity' | 'unitCostMinor' | 'variantId';
interface Errors {
  fields: Partial<Record<Field, string>>;
  lines: Record<string, Partial<Record<LineField, string>>>;
  form: string | null;
}
const noErrors = (): Errors => ({ fields: {}, lines: {}, form: null });
const fieldNames: readonly Field[] = ['vendorId', 'expectedOn', 'notes', 'lines'];

const quantityText = (quantity: number) => String(quantity);

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
    totalMinor,
    fieldError,
    lineError,
    formError,
    changeLine,
    removeLine: (key: string) => {
      setLines((current) => current.filter((l) => l.key !== key));
      clearServer();
    },
    /** A product picked in the search: one of it at its cost (typed by the buyer when the cost is not known here). */
    pickVariant: (v: Parameters<typeof addVariant>[0]) => {
      addVariant(v);
      clearServer();
    },
    addLowStock,
    loadingSuggestions,
    saving,
    submit,
  };
}

export type PurchaseOrderFormState = ReturnType<typeof usePurchaseOrderForm>;

function requiredWords(path: string): string {
  if (path.endsWith('quantity')) return 'Enter a quantity';
  if (path.endsWith('unitCostMinor')) return 'Enter the unit cost';
  return 'Required';
}
