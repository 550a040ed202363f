import { useMemo, useState, type KeyboardEvent } from 'react';
import type { ProductUnit, StockCount, StockCountLine } from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useRecordCountLines } from '../api/stock';
import { parseQuantityInput } from '../quantity-input';

export const countedText = (line: StockCountLine) => (line.counted === null ? '' : String(line.counted));

/**
 * The counted quantities typed on a count sheet: kept as drafts per line until saved (on Enter or
 * leaving the field), all edited lines in one request; a text that is not a quantity, or a line the
 * API refuses, keeps its draft with the message on its line.
 */
export function useCountDrafts(count: StockCount) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const record = useRecordCountLines();
  const byVariant = useMemo(() => new Map(count.lines.map((l) => [l.variantId, l])), [count.lines]);

  /** Sends every edited quantity at once (one PUT), keeping the ones that are not numbers in place. */
  const saveDrafts = async () => {
    const lines: { variantId: string; counted: number | null }[] = [];
    const errors: Record<string, string> = {};
    for (const [variantId, text] of Object.entries(drafts)) {
      const line = byVariant.get(variantId);
      if (!line || text === countedText(line)) continue;
      if (text.trim() === '') {
        if (line.counted !== null) lines.push({ variantId, counted: null });
        continue;
      }
      const parsed = parseQuantityInput(text, line.unit as ProductUnit);
      if (parsed.ok) {
        if (parsed.value !== line.counted) lines.push({ variantId, counted: parsed.value });
      } else errors[variantId] = parsed.message;
    }
    setLineErrors(errors);
    if (lines.length === 0) {
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => errors[id])));
      return;
    }
    try {
      await record.mutateAsync({ countId: count.id, lines });
      const sent = new Set(lines.map((l) => l.variantId));
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !sent.has(id))));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        for (const { field, message } of error.fieldErrors) {
          const index = /lines\.(\d+)/.exec(field)?.[1];
          const variantId = index === undefined ? undefined : lines[Number(index)]?.variantId;
          if (variantId) errors[variantId] = message;
        }
        setLineErrors({ ...errors });
      } else showApiError(error, 'Could not save the counted quantities');
    }
  };

  const onLineKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveDrafts();
    }
  };

  const setDraft = (variantId: string, text: string) => setDrafts((d) => ({ ...d, [variantId]: text }));

  return { drafts, lineErrors, setDraft, saveDrafts, onLineKey };
}

export type CountDrafts = ReturnType<typeof useCountDrafts>;
