import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/**
 * The contact list's search box: what is typed shows at once and reaches the URL a moment later.
 * The URL catching up with the typing must not undo keys typed since; a search changed elsewhere
 * (back, forward) is shown in the box.
 */
export function useContactSearch(urlQ: string | undefined, pushToUrl: (q: string | null) => void) {
  const [text, setText] = useState(urlQ ?? '');
  // The search this box last put in the URL.
  const [pushedQ, setPushedQ] = useState(urlQ ?? '');
  const push = useDebouncedCallback((value: string) => {
    setPushedQ(value.trim());
    pushToUrl(value.trim() || null);
  }, 250);
  if ((urlQ ?? '') !== pushedQ) {
    setPushedQ(urlQ ?? '');
    setText(urlQ ?? '');
  }
  return {
    text,
    type: (value: string) => {
      setText(value);
      push(value);
    },
    /** Drops a search still waiting to reach the URL (leaving the list must not be pulled back). */
    cancel: () => push.cancel(),
  };
}
