import { useEffect } from 'react';

/** The landing page's title, exactly as the spec names it (section 1). */
export const LANDING_TITLE = 'Login to iPos';

/** Spec section 1: page titles carry the product name plus "Web Solution". */
export const TITLE_PREFIX = 'iPos Web Solution';

/** `iPos Web Solution | <screen title>`; the landing page keeps its own title. */
export function formatPageTitle(title: string): string {
  return title === LANDING_TITLE ? LANDING_TITLE : `${TITLE_PREFIX} | ${title}`;
}

/** Sets the document title while a screen is shown (`null`: leave it as it is). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = formatPageTitle(title);
  }, [title]);
}
