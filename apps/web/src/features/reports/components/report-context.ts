import type { ActiveStore } from '@ipos/contracts';

/** A store a report may cover besides the active one (same business, reports.view there). */
export interface ReportStoreChoice {
  id: string;
  name: string;
}

/** What the route gives every report screen: the active store and the stores it may choose. */
export interface ReportContext {
  store: ActiveStore;
  /** The business's stores where I may read reports (the active one included). */
  stores: ReportStoreChoice[];
  /** The owner may see every store at once. */
  canSeeAllStores: boolean;
}
