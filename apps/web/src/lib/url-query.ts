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
 * to another search put its text back in the box, and the URL catching up with the typing never
 * undoes keys typed since. Spread `inputProps` on the TextInput.
 */
export function useUrlTextFilter(
  urlValue: string | null | undefined,
  push: (value: string | null, typing: boolean) => void,
  delayMs = 300,
) {
  const [text, setText] = useState(urlValue ?? '');
  const [lastUrlValue, setLastUrlValue] = useState(urlValue ?? '');
  if ((urlValue ?? '') !== lastUrlValue) {
    setLastUrlValue(urlValue ?? '');
    if ((urlValue ?? '') !== text.trim()) setText(urlValue ?? '');
  }
  const pushLater = useDebouncedCallback((value: string) => push(value.trim() || null, true), delayMs);
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
        push(text.trim() || null, false);
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
