import { productSorts, stockStates, type ListProductsQuery, type ProductSort, type StockState } from '@ipos/contracts';

export const pageSizes = ['25', '50', '100'] as const;
export const sortLabels: Record<ProductSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  price: 'Price, lowest first',
  '-price': 'Price, highest first',
  onHand: 'On hand, least first',
  '-onHand': 'On hand, most first',
  value: 'Stock value, lowest first',
  '-value': 'Stock value, highest first',
  '-updated': 'Recently changed',
};
export const stockLabels: Record<StockState, string> = {
  in_stock: 'In stock',
  low: 'Low',
  out: 'Out',
  untracked: 'Not tracked',
};

/** Stock value is a figure at cost: only a role with inventory.costs may sort by it. */
export const sortsFor = (canSeeCosts: boolean): readonly ProductSort[] =>
  canSeeCosts ? productSorts : productSorts.filter((s) => !s.endsWith('value'));

export type ProductListQuery = ListProductsQuery & { page: number; pageSize: number };

/**
 * The list's state lives in the URL, so back/forward and reload keep search, filters, sort and page.
 * A sort the role may not use (a link from someone who sees costs) falls back to the name.
 */
export function readListQuery(params: URLSearchParams, sorts: readonly ProductSort[] = productSorts): ProductListQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
    allowed.includes(value as T) ? (value as T) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const pageSize = Number(pick(params.get('size'), pageSizes) ?? 25);
  return {
    page,
    pageSize,
    q: params.get('q')?.trim() || undefined,
    categoryId: params.get('category') || undefined,
    stock: pick(params.get('stock'), stockStates),
    archived: params.get('archived') === 'all' ? 'all' : 'false',
    sort: pick(params.get('sort'), sorts) ?? 'name',
  };
}
