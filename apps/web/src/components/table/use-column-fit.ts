import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The table is wider than its box (it would scroll sideways). */
const overflows = (box: HTMLElement) => box.scrollWidth > box.clientWidth + 1;

/**
 * Which optional columns a table hides to fit its box, measured rather than guessed: after each fit
 * step, while the table is wider than its box, the next column of `hideOrder` moves out (the layout effect
 * renders again before the browser paints, so nobody sees the wide table). When the box's width changes
 * (a rotated tablet, a resized window, a sidebar opening) or the rows change, every column comes back
 * and the fitting starts again; when the table's content grows in a box of the same width (a font
 * loading), the fitting goes on from where it was. The decision follows the table's own box, not the
 * viewport, so a table in a narrow card fits the card. If the key columns alone still overflow, their
 * text columns drop their minimum widths as a last step. Without layout (jsdom) nothing overflows and
 * every column shows.
 */
export function useColumnFit(hideOrder: readonly string[], rows: unknown) {
  const boxRef = useRef<HTMLDivElement>(null);
  const order = hideOrder.join('\u0000');
  const maxHidden = hideOrder.length;
  // A new object each time, so that starting again from 0 renders (and fits) even when it was 0.
  const [fit, setFit] = useState({ hiddenCount: 0, rows, order });
  // New rows or columns: every column comes back, then the layout effect fits again.
  if (fit.rows !== rows || fit.order !== order) setFit({ hiddenCount: 0, rows, order });
  const width = useRef<number | null>(null);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    width.current = box.clientWidth;
    // One step past hiding every optional column: the key columns give up their minimum widths.
    if (fit.hiddenCount <= maxHidden && overflows(box)) setFit({ ...fit, hiddenCount: fit.hiddenCount + 1 });
  }, [fit, maxHidden]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth !== width.current) {
        width.current = box.clientWidth;
        flushSync(() => setFit((last) => ({ ...last, hiddenCount: 0 })));
      } else if (overflows(box)) {
        flushSync(() => setFit((last) => ({ ...last, hiddenCount: Math.min(last.hiddenCount + 1, maxHidden + 1) })));
      }
    });
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [maxHidden]);

  return {
    boxRef,
    hidden: new Set(hideOrder.slice(0, Math.min(fit.hiddenCount, maxHidden))),
    /** Even the key columns alone overflow at their minimum widths: text wraps at every space. */
    squeezed: fit.hiddenCount > maxHidden,
  };
}
