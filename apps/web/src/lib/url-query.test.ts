import type { ChangeEvent, KeyboardEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patchSearchParams, useUrlTextFilter } from './url-query';

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;
const enter = { key: 'Enter' } as KeyboardEvent<HTMLInputElement>;

/** The hook as a list uses it: the URL's value is a prop that catches up after a push, when the test says. */
function renderFilter(initial: string | null = null) {
  const push = vi.fn<(value: string | null, typing: boolean) => void>();
  const view = renderHook(({ urlValue }) => useUrlTextFilter(urlValue, push), {
    initialProps: { urlValue: initial as string | null },
  });
  return {
    push,
    text: () => view.result.current.inputProps.value,
    type: (value: string) => act(() => view.result.current.inputProps.onChange(typed(value))),
    pressEnter: () => act(() => view.result.current.inputProps.onKeyDown(enter)),
    urlBecomes: (urlValue: string | null) => view.rerender({ urlValue }),
  };
}

describe('useUrlTextFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pushes the typed text after a pause, trimmed, as typing', () => {
    const filter = renderFilter();
    filter.type('LEK-S0001 ');
    expect(filter.push).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(filter.push).toHaveBeenCalledWith('LEK-S0001', true);
  });

  it('keeps keys typed while the URL catches up with an earlier push', () => {
    const filter = renderFilter();
    filter.type('LEK-S0001');
    act(() => vi.advanceTimersByTime(300));
    filter.type('LEK-S00012');
    filter.type('LEK-S000123');
    // The navigation of the first push lands only now, behind the typing.
    filter.urlBecomes('LEK-S0001');
    expect(filter.text()).toBe('LEK-S000123');
    act(() => vi.advanceTimersByTime(300));
    expect(filter.push).toHaveBeenLastCalledWith('LEK-S000123', true);
    filter.urlBecomes('LEK-S000123');
    expect(filter.text()).toBe('LEK-S000123');
  });

  it('keeps the typing when two pushes land one after the other', () => {
    const filter = renderFilter();
    filter.type('ab');
    act(() => vi.advanceTimersByTime(300));
    filter.type('abc');
    act(() => vi.advanceTimersByTime(300));
    filter.type('abcd');
    filter.urlBecomes('ab');
    filter.urlBecomes('abc');
    expect(filter.text()).toBe('abcd');
  });

  it('puts back the text of another search reached by back or forward', () => {
    const filter = renderFilter('milk');
    filter.type('bread');
    act(() => vi.advanceTimersByTime(300));
    filter.urlBecomes('bread');
    // Back: the earlier search returns to the box.
    filter.urlBecomes('milk');
    expect(filter.text()).toBe('milk');
    // Forward to the value pushed before: it is not mistaken for the push's own echo.
    filter.urlBecomes('bread');
    expect(filter.text()).toBe('bread');
    filter.urlBecomes(null);
    expect(filter.text()).toBe('');
  });

  it('pushes at once on Enter, not as typing, and drops the waiting push', () => {
    const filter = renderFilter();
    filter.type('sugar');
    filter.pressEnter();
    expect(filter.push).toHaveBeenCalledExactlyOnceWith('sugar', false);
    act(() => vi.advanceTimersByTime(300));
    expect(filter.push).toHaveBeenCalledTimes(1);
    filter.type('sugar 1kg');
    filter.urlBecomes('sugar');
    expect(filter.text()).toBe('sugar 1kg');
  });
});

describe('patchSearchParams', () => {
  it('sets values, drops empty ones and starts again at page 1 unless the page itself changes', () => {
    const current = new URLSearchParams('q=milk&page=3&status=open');
    expect(patchSearchParams(current, { q: 'bread', status: '' }).toString()).toBe('q=bread');
    expect(patchSearchParams(current, { page: '4' }).toString()).toBe('q=milk&page=4&status=open');
  });
});
