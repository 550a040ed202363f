import { useQuery } from '@tanstack/react-query';
import { getBusinessLogo } from '@ipos/contracts';
import { apiBlob } from '../../lib/api-client';
import { useObjectUrl } from '../../lib/object-url';

/**
 * The business's logo as an object URL (null while it loads); `logoVersion` null: no logo (no request).
 * Cached under the business profile's key, per version: a new upload is a new version, so a new entry.
 */
export function useBusinessLogoUrl(logoVersion: number | null | undefined) {
  const enabled = logoVersion != null;
  const logo = useQuery({
    queryKey: ['businesses', 'profile', 'logo', logoVersion],
    queryFn: ({ signal }) => apiBlob(getBusinessLogo, { query: { v: logoVersion! }, signal }),
    enabled,
    staleTime: Infinity,
  });
  return { url: useObjectUrl(enabled ? logo.data : undefined), isError: logo.isError };
}
