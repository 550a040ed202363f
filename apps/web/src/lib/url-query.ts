import { useCallback, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

/**
 * A list's filters live in the URL (shareable, kept by back and forward). A change sets the named
 * parameters, drops the empty ones, and — unless it changes the page itself — starts again at page 1.
 */
export function patchSearchParams(
  current: URLSearchParams,
  change: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (!value) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in change)) next.delete('page');
  return next;
}

/**
 * Changes some list parameters in the URL (`patchSearchParams`). `replace`: rewrite the current
 * history entry (typing in a search box) instead of adding one.
 */
export function useSetUrlQuery() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (change: Record<string, string | null | undefined>, replace = false) =>
      setParams((current) => patchSearchParams(current, change), { replace }),
    [setParams],
  );
}

/**
 * A text box of a list filter kept in the URL (a number, a search): typed freely, pushed after a
 * pause as `typing` (callers replace the history entry then), or at once on Enter. Back and forward
 * to another search put its text back in the box. The URL catching up with the box's own pushes
 * never undoes keys typed since: the pushes still on their way are remembered, and the URL arriving
 * at one of them (or at what the box already holds) leaves the box alone; any other value came from
 * elsewhere and replaces the text. Spread `inputProps` on the TextInput.
 */
export function useUrlTextFilter(
  urlValue: string | null | undefined,
  push: (value: string | null, typing: boolean) => void,
  delayMs = 300,
) {
  const [text, setText] = useState(urlValue ?? '');
  const [lastUrlValue, setLastUrlValue] = useState(urlValue ?? '');
  const [inFlight, setInFlight] = useState<readonly string[]>([]);
  const url = urlValue ?? '';
  if (url !== lastUrlValue) {
    setLastUrlValue(url);
    const echo = inFlight.indexOf(url);
    // An echo settles it and the pushes before it; anything else is another search.
    setInFlight(echo >= 0 ? inFlight.slice(echo + 1) : []);
    if (echo < 0 && url !== text.trim()) setText(url);
  }
  const pushNow = (value: string, typing: boolean) => {
    const trimmed = value.trim();
    // The URL already holding it does not move, so no echo is awaited.
    if (trimmed !== url) setInFlight((pending) => [...pending, trimmed]);
    push(trimmed || null, typing);
  };
  const pushLater = useDebouncedCallback((value: string) => pushNow(value, true), delayMs);
  return {
    /** Drops a push still waiting (a click that leaves the list must not be pulled back). */
    cancel: pushLater.cancel,
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setText(event.currentTarget.value);
        pushLater(event.currentTarget.value);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        pushLater.cancel();
        pushNow(text, false);
      },
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id given in the URL (`?vendorId=`, `?customerId=`), or null when absent or not an id. */
export function idParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && UUID.test(value) ? value : null;
}
