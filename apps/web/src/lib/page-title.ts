import { useEffect } from 'react';

/** The landing page's title, exactly as the spec names it. */
export const LANDING_TITLE = 'Login to iPos';

/**
 * Sets the document title while a screen is shown. Every screen goes through here so the
 * "iPos Web Solution | " prefix of the full shell can be applied in one place.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
