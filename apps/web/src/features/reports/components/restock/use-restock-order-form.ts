import { useState } from 'react';
import {
  hasAtMost3Decimals,
  unitAllowsFractions,
  type CurrencyCode,
  type PurchaseOrder,
  type RestockLine,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../../components/money/money-input';
import { useCreateRestockOrder } from './restock-order-api';

export interface Draft {
  quantity: string;
  unitCost: string;
}

/** A line's quantity as typed: a positive number, whole for counted goods, at most 3 decimals. */
function checkQuantity(text: string, line: RestockLine): { ok: true; value: number } | { ok: false; message: string } {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return { ok: false, message: 'Enter a quantity' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'Use at most 3 decimals' };
  if (!unitAllowsFractions(line.unit) && !Number.isInteger(value)) return { ok: false, message: 'Whole units only' };
  return { ok: true, value };
}

/**
 * The order being drafted from restock lines: the vendor, each line's quantity (the suggestion) and
 * unit cost (today's cost) as typed and checked, the total, and the one create request; its faults
 * show once submitted.
 */
export function useRestockOrderForm({
  lines,
  currency,
  onCreated,
}: {
  lines: RestockLine[];
  currency: CurrencyCode;
  onCreated: (order: PurchaseOrder) => void;
}) {
  const create = useCreateRestockOrder();
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      lines.map((l) => [
        l.variantId,
        {
          quantity: l.suggestedQuantity > 0 ? String(l.suggestedQuantity) : '',
          unitCost: minorToInput(l.unitCostMinor, currency),
        },
      ]),
    ),
  );
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<PurchaseOrder | null>(null);

  const checked = lines.map((line) => {
    const draft = drafts[line.variantId]!;
    return {
      line,
      draft,
      quantity: checkQuantity(draft.quantity, line),
      cost: parseMoneyInput(draft.unitCost, currency),
    };
  });
  const costError = (c: (typeof checked)[number]['cost']) =>
    !c.ok ? c.message : c.minor === null ? 'Enter the unit cost' : undefined;
  const valid = vendorId !== null && checked.every((c) => c.quantity.ok && costError(c.cost) === undefined);
  const totalMinor = checked.reduce(
    (sum, c) =>
      c.quantity.ok && c.cost.ok && c.cost.minor !== null ? sum + Math.round(c.quantity.value * c.cost.minor) : sum,
    0,
  );
  const set = (variantId: string, patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [variantId]: { ...all[variantId]!, ...patch } }));

  const submit = () => {
    setSubmitted(true);
    if (!valid) return;
    create.mutate(
      {
        vendorId,
        lines: checked.map((c) => ({
          variantId: c.line.variantId,
          quantity: c.quantity.ok ? c.quantity.value : 0,
          unitCostMinor: c.cost.ok && c.cost.minor !== null ? c.cost.minor : 0,
        })),
      },
      {
        onSuccess: (order) => {
          setCreated(order);
          onCreated(order);
        },
      },
    );
  };

  return { create, vendorId, setVendorId, checked, costError, totalMinor, set, submit, submitted, created };
}
