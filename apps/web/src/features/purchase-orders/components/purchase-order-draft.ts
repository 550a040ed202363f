import {
  createPurchaseOrderBodySchema,
  updatePurchaseOrderBodySchema,
  type CreatePurchaseOrderBody,
  type CurrencyCode,
  type ProductUnit,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';
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

/** A product on its way onto the order: how much of it and at what unit cost. */
export interface DraftVariant {
  variantId: string;
  name: string;
  sku: string;
  unit: ProductUnit;
  quantity: number;
  unitCostMinor: number;
  vendorItemCode?: string | null;
}

/** The order's details as typed. */
export interface DraftDetails {
  vendorId: string | null;
  expectedOn: string;
  notes: string;
}

export type OrderField = 'vendorId' | 'expectedOn' | 'notes' | 'lines';
export type LineField = 'quantity' | 'unitCostMinor' | 'variantId';
export interface DraftErrors {
  fields: Partial<Record<OrderField, string>>;
  lines: Record<string, Partial<Record<LineField, string>>>;
  form: string | null;
}
export const noErrors = (): DraftErrors => ({ fields: {}, lines: {}, form: null });
const fieldNames: readonly OrderField[] = ['vendorId', 'expectedOn', 'notes', 'lines'];

/** A product as an editable line: its quantity and cost as the text the person would type. */
export const draftLineOf = (v: DraftVariant, currency: CurrencyCode): DraftLine => ({
  key: v.variantId,
  variantId: v.variantId,
  name: v.name,
  sku: v.sku,
  unit: v.unit,
  quantity: String(v.quantity),
  unitCost: minorToInput(v.unitCostMinor, currency),
  vendorItemCode: v.vendorItemCode ?? null,
});

export type ParsedDraftLine = ReturnType<typeof parseDraftLines>[number];

/** Each line's quantity and cost read from their text. */
export const parseDraftLines = (lines: DraftLine[], currency: CurrencyCode) =>
  lines.map((line) => ({
    line,
    quantity: parseQuantity(line.quantity, line.unit),
    cost: parseMoneyInput(line.unitCost, currency),
  }));

/** The order's total at the lines read so far (a line not yet readable counts nothing). */
export const draftTotalMinor = (parsedLines: ParsedDraftLine[]) =>
  parsedLines.reduce(
    (sum, { quantity, cost }) =>
      quantity.ok && quantity.value && cost.ok && cost.minor !== null
        ? sum + lineAmountMinor(quantity.value, cost.minor)
        : sum,
    0,
  );

function buildBody(
  { vendorId, expectedOn, notes }: DraftDetails,
  parsedLines: ParsedDraftLine[],
): { body: CreatePurchaseOrderBody; found: DraftErrors } {
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
}

/** A contract or API path ('lines.2.quantity', 'body.vendorId') onto its field, line or the form. */
export function placeError(path: string, message: string, found: DraftErrors, lines: DraftLine[]) {
  const p = path.replace(/^body\./, '');
  const line = /^lines\.(\d+)\.(\w+)/.exec(p);
  if (line) {
    const draft = lines[Number(line[1])];
    const field = line[2] as LineField;
    if (draft && ['quantity', 'unitCostMinor', 'variantId'].includes(field))
      (found.lines[draft.key] ??= {})[field] ??= message;
    else found.form ??= message;
  } else if (fieldNames.includes(p as OrderField)) found.fields[p as OrderField] ??= message;
  else if (p === 'version') found.form ??= message;
  else found.form ??= message;
}

/**
 * The order checked as the contract's schema checks it (the update's, with the version, when
 * editing): the errors found, and the body when there are none.
 */
export function checkDraft(
  details: DraftDetails,
  lines: DraftLine[],
  parsedLines: ParsedDraftLine[],
  version: number | undefined,
) {
  const { body, found } = buildBody(details, parsedLines);
  const result =
    version !== undefined
      ? updatePurchaseOrderBodySchema.safeParse({ ...body, version })
      : createPurchaseOrderBodySchema.safeParse(body);
  if (!result.success)
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      // A line's own parse message is more precise than the schema's "expected number".
      const lineMatch = /^lines\.(\d+)\.(quantity|unitCostMinor)$/.exec(path);
      const key = lineMatch ? lines[Number(lineMatch[1])]?.key : undefined;
      if (key && found.lines[key]?.[lineMatch![2] as LineField]) continue;
      placeError(
        path,
        issue.path.length === 3 && issue.code === 'invalid_type' ? requiredWords(path) : issue.message,
        found,
        lines,
      );
    }
  const ok = result.success && Object.keys(found.lines).length === 0;
  return { found, body: ok ? body : undefined };
}

function requiredWords(path: string): string {
  if (path.endsWith('quantity')) return 'Enter a quantity';
  if (path.endsWith('unitCostMinor')) return 'Enter the unit cost';
  return 'Required';
}
