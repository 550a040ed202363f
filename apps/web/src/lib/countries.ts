import type { CurrencyCode } from '@ipos/contracts';

/**
 * Countries offered at sign-up (ISO 3166-1 alpha-2, as `registerBodySchema` wants) with the currency
 * a business there most likely trades in. Only the spec's six currencies exist, so a country whose
 * own currency is not among them starts on US dollars; the person can change it.
 */
export const countries: readonly { code: string; name: string; currency: CurrencyCode }[] = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN' },
  { code: 'KE', name: 'Kenya', currency: 'KSD' },
  { code: 'TZ', name: 'Tanzania', currency: 'TZS' },
  { code: 'GH', name: 'Ghana', currency: 'USD' },
  { code: 'ZA', name: 'South Africa', currency: 'USD' },
  { code: 'UG', name: 'Uganda', currency: 'USD' },
  { code: 'RW', name: 'Rwanda', currency: 'USD' },
  { code: 'CM', name: 'Cameroon', currency: 'USD' },
  { code: 'EG', name: 'Egypt', currency: 'USD' },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP' },
  { code: 'IE', name: 'Ireland', currency: 'EUR' },
  { code: 'DE', name: 'Germany', currency: 'EUR' },
  { code: 'FR', name: 'France', currency: 'EUR' },
  { code: 'NL', name: 'Netherlands', currency: 'EUR' },
  { code: 'US', name: 'United States', currency: 'USD' },
  { code: 'CA', name: 'Canada', currency: 'USD' },
];

/** Spec section 3's currency options (naira ₦, usd $, pounds £, euro €, kshilling KSD, tshilling TZS), in words. */
export const currencyLabels: Record<CurrencyCode, string> = {
  NGN: 'Naira (₦)',
  USD: 'US dollar ($)',
  GBP: 'Pounds (£)',
  EUR: 'Euro (€)',
  KSD: 'Kenyan shilling (KSD)',
  TZS: 'Tanzanian shilling (TZS)',
};

export function defaultCurrencyOf(countryCode: string): CurrencyCode | undefined {
  return countries.find((c) => c.code === countryCode)?.currency;
}
