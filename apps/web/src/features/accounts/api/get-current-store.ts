// The one current-store query lives in lib (every feature reads it).
export { currentStoreQueryOptions, useCurrentStore } from '../../../lib/current-store';
