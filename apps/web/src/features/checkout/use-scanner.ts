import { useEffect, useEffectEvent } from 'react';

/**
 * A keyboard-wedge scanner types a code at 5–35 ms a key and ends it with Enter; people type at 100 ms
 * or more. An average under 50 ms decides (a busy browser or a slow USB hub holds keys back; the
 * fastest typists average ~80 ms); no single gap may pass SCAN_MAX_GAP_MS.
 */
export const SCAN_AVERAGE_GAP_MS = 50;
export const SCAN_MAX_GAP_MS = 100;
export const SCAN_MIN_LENGTH = 6;

/** Attribute of the one text field a scan may land in (the register's search box). */
export const SCAN_TARGET_ATTRIBUTE = 'data-scan-target';

function isOtherTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest(`[${SCAN_TARGET_ATTRIBUTE}]`)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * Listens for a keyboard-wedge barcode scanner anywhere on the page: a burst of at least 6
 * characters, each under ~35 ms after the previous one, ending with Enter. People do not type that
 * fast, so a burst is a scan wherever the focus is — except in a text field other than the search
 * box, where the keys belong to what is being typed. The Enter of a scan is swallowed (it must not
 * also press a focused button or add the search's highlighted item).
 */
export function useBarcodeScanner(onScan: (code: string) => void, enabled = true) {
  const handleScan = useEffectEvent(onScan);
  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let started = 0;
    let last = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) {
        buffer = '';
        return;
      }
      if (isOtherTextField(event.target)) {
        buffer = '';
        return;
      }
      const now = performance.now();
      const gap = now - last;
      last = now;
      if (event.key === 'Enter') {
        const code = buffer;
        buffer = '';
        // code.length keys and the Enter: code.length gaps since the first key.
        const average = (now - started) / Math.max(code.length, 1);
        if (code.length >= SCAN_MIN_LENGTH && gap < SCAN_MAX_GAP_MS && average <= SCAN_AVERAGE_GAP_MS) {
          event.preventDefault();
          event.stopPropagation();
          handleScan(code);
        }
        return;
      }
      if (event.key === '*') {
        // Never part of a code (Code 39's start and stop character is not sent): it ends the
        // register's quantity shortcut (`3*`), typed just before a scan.
        buffer = '';
        return;
      }
      if (event.key.length !== 1) {
        if (event.key !== 'Shift') buffer = '';
        return;
      }
      if (gap < SCAN_MAX_GAP_MS && buffer !== '') buffer += event.key;
      else {
        buffer = event.key;
        started = now;
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
