import { useBusinessLogoUrl } from './business-logo-url';

/**
 * The business's logo as documents print it (receipts, invoices), once loaded; nothing when the
 * business has none. The document's stylesheet sizes it through `className`.
 */
export function BusinessLogo({
  logoVersion,
  businessName,
  className,
}: {
  logoVersion: number | null;
  businessName: string;
  className?: string;
}) {
  const logo = useBusinessLogoUrl(logoVersion);
  return logo.url ? <img className={className} src={logo.url} alt={`${businessName} logo`} /> : null;
}
