import { commonStoreTimeZones } from '@ipos/contracts';

/** The zones of the runtime, iPos's countries first. */
export function timeZoneOptions(current: string) {
  const all: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...commonStoreTimeZones];
  const common = new Set<string>([...commonStoreTimeZones, current]);
  return [
    { group: 'Common', items: [...common] },
    { group: 'All time zones', items: all.filter((z) => !common.has(z)) },
  ];
}
