import {
  createRestockOrders as createRestockOrdersEndpoint,
  type createRestockOrdersBodySchema,
  type FieldError,
  type PurchaseOrder,
  type RestockOrders,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { invalidFields } from '../../http/app-error.js';
import { withIdempotency, type IdempotentRequest, type PreparedResponse } from '../../http/idempotency.js';
import { findContactsByIds } from '../contacts/contacts.repository.js';
import { contactFieldError } from '../contacts/contacts.service.js';
import {
  createPurchaseOrderIn,
  vendorSuggestions,
  type Scope,
  type VendorSuggestion,
} from './purchase-orders.service.js';

export type RestockOrdersInput = z.output<typeof createRestockOrdersBodySchema>;

/** Each named vendor is a non-archived vendor of the business, else one 400 naming every bad one. */
async function checkVendors(tx: Executor, businessId: string, vendorIds: string[]) {
  const found = new Map((await findContactsByIds(tx, businessId, vendorIds)).map((c) => [c.id, c]));
  const errors = vendorIds
    .map((id, i) => contactFieldError(found.get(id), 'vendor', `vendorIds.${i}`))
    .filter((e): e is FieldError => e !== null);
  if (errors.length > 0) throw invalidFields(errors);
}

/** The suggestions per preferred vendor, in vendor name order. */
function byVendor(items: VendorSuggestion[]) {
  const groups = new Map<string, { vendor: { id: string; name: string }; items: VendorSuggestion[] }>();
  for (const item of items) {
    if (!item.vendor) continue;
    const group = groups.get(item.vendor.id) ?? { vendor: item.vendor, items: [] };
    group.items.push(item);
    groups.set(item.vendor.id, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.vendor.name.localeCompare(b.vendor.name) || a.vendor.id.localeCompare(b.vendor.id),
  );
}

/**
 * The restock report's "Create orders" (decision 0030), inside the caller's transaction: every
 * reorder suggestion of the active store (the same selection and quantities as "Add low-stock
 * products") is ordered from its product's preferred vendor, one OPEN order per vendor at the
 * suggested quantity and `reorderUnitCost`, each numbered and audited like any new order. All or
 * nothing: one refused order rolls every one back. Products without an active preferred vendor are
 * answered in `withoutVendor` and not ordered.
 */
export async function createRestockOrdersIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  now: Date,
  input: RestockOrdersInput,
): Promise<RestockOrders> {
  if (input.vendorIds) await checkVendors(tx, scope.businessId, input.vendorIds);
  const wanted = input.vendorIds ? new Set(input.vendorIds) : null;
  const suggestions = await vendorSuggestions(tx, scope, now);
  const orders: PurchaseOrder[] = [];
  for (const group of byVendor(suggestions)) {
    if (wanted && !wanted.has(group.vendor.id)) continue;
    orders.push(
      await createPurchaseOrderIn(tx, actor, scope, {
        vendorId: group.vendor.id,
        lines: group.items.map(({ suggestion }) => ({
          variantId: suggestion.variantId,
          quantity: suggestion.suggestedQuantity,
          unitCostMinor: suggestion.unitCostMinor,
        })),
      }),
    );
  }
  return { orders, withoutVendor: suggestions.filter((s) => s.vendor === null).map((s) => s.suggestion) };
}

export function createRestockOrders(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  input: RestockOrdersInput,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, createRestockOrdersEndpoint, () =>
      createRestockOrdersIn(tx, actor, scope, deps.now(), input),
    ),
  );
}
