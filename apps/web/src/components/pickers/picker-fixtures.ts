import type { Contact, RegisterSellable } from '@ipos/contracts';

/** Variants and contacts as the pickers' searches answer them (GET /variants, GET /contacts). */
export function sellableOf(overrides: Partial<RegisterSellable> = {}): RegisterSellable {
  return {
    productId: '0190a6a0-0000-7000-8000-00000000f001',
    variantId: '0190a6a0-0000-7000-8000-00000000f101',
    name: 'Peak Milk 400g',
    sku: 'PEAK-400',
    barcode: '6151100012345',
    unit: 'each',
    priceMinor: 100_000,
    costPriceMinor: 80_000,
    taxRateId: null,
    isTracked: true,
    onHand: 12,
    imageVersion: null,
    taxRateBasisPoints: 0,
    taxInclusive: false,
    ...overrides,
  };
}

export const rice = sellableOf({
  productId: '0190a6a0-0000-7000-8000-00000000f002',
  variantId: '0190a6a0-0000-7000-8000-00000000f102',
  name: 'Rice (loose)',
  sku: 'RICE-KG',
  barcode: null,
  unit: 'kg',
  priceMinor: 150_000,
  costPriceMinor: 120_000,
  onHand: 7.25,
});

export const variantsPage = (...items: RegisterSellable[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totalCapped: false,
});

export function contactOf(overrides: Partial<Contact> = {}): Contact {
  return {
    id: '0190a6a0-0000-7000-8000-00000000c001',
    kind: 'vendor',
    name: 'Dangote Foods',
    phone: '+2348030000001',
    email: 'orders@dangote.test',
    address: null,
    taxId: null,
    notes: null,
    archived: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const contactsPage = (...items: Contact[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

export const variantSearch = (q: string) =>
  `GET /api/v1/variants?q=${encodeURIComponent(q).replace(/%20/g, '+')}&pageSize=20`;
export const contactSearch = (kind: 'vendor' | 'customer', q?: string) =>
  `GET /api/v1/contacts?${q ? `q=${encodeURIComponent(q)}&` : ''}kind=${kind}&archived=false&pageSize=20`;
