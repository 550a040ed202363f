import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSetUrlQuery } from '../../../lib/url-query';
import { lookupBarcode } from '../api/products';

/**
 * The product list's search box: typing searches after a pause (rewriting the URL's `q`), Enter
 * searches at once — or, for an exact barcode (a scanner ends its burst with Enter), opens its
 * product.
 */
export function useProductSearch(urlQ: string, openProduct: (productId: string) => void) {
  const setQuery = useSetUrlQuery();
  const [text, setText] = useState(urlQ);

  // The search this box last put in the URL: the URL catching up with the typing must not undo keys
  // typed since (a slow typist pauses longer than the debounce).
  const [pushedQ, setPushedQ] = useState(urlQ);
  const pushSearch = (value: string, replace: boolean) => {
    setPushedQ(value.trim());
    setQuery({ q: value.trim() || null }, replace);
  };
  const applySearch = useDebouncedCallback((value: string) => pushSearch(value, true), 250);

  // The URL is the truth: back/forward to another search puts its text back in the box.
  const [lastUrlQ, setLastUrlQ] = useState(urlQ);
  if (urlQ !== lastUrlQ) {
    setLastUrlQ(urlQ);
    if (urlQ !== pushedQ && urlQ !== text.trim()) setText(urlQ);
  }

  const onChange = (value: string) => {
    setText(value);
    applySearch(value);
  };

  /** Enter: a scanner ends its burst with it. An exact barcode opens its product; anything else searches. */
  const onEnter = async () => {
    applySearch.cancel();
    const value = text.trim();
    if (value && /^[\x21-\x7e]+$/.test(value)) {
      try {
        const hit = await lookupBarcode(value);
        if (hit) {
          openProduct(hit.productId);
          return;
        }
      } catch {
        // No lookup: fall back to the search.
      }
    }
    pushSearch(value, false);
  };

  /** Empties the box along with the filters being cleared. */
  const clear = () => {
    setText('');
    setPushedQ('');
  };

  return { text, onChange, onEnter, clear };
}

export type ProductSearch = ReturnType<typeof useProductSearch>;
