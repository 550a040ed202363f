import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { showApiError, toast, ToastViewport } from './index';

function renderViewport() {
  return renderWithProviders(<ToastViewport />);
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => toast.hide());
    vi.useRealTimers();
  });

  it('shows an info toast in the top-right corner by default and hides it after 3000 ms', () => {
    renderViewport();
    act(() => void toast.show({ title: 'Saved', message: 'The product was saved' }));
    const shown = screen.getByRole('status');
    expect(shown).toHaveTextContent('Saved');
    expect(shown).toHaveTextContent('The product was saved');
    expect(shown).toHaveAttribute('data-type', 'info');
    expect(shown.closest('section')).toHaveAttribute('data-position', 'top-right');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('The product was saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('The product was saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    renderViewport();
    act(() => void toast.show({ message: 'Long one', duration: 10_000 }));
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByText('Long one')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Long one')).not.toBeInTheDocument();
  });

  it('keeps a toast with duration 0 until it is closed', () => {
    renderViewport();
    act(() => void toast.show({ message: 'Sticky', duration: 0 }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('closes by its close button', () => {
    renderViewport();
    act(() => void toast.show({ message: 'Close me' }));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
  });

  it('hides one toast by id and all of them without an id', () => {
    renderViewport();
    let first = '';
    act(() => {
      first = toast.show({ message: 'First' });
      toast.show({ message: 'Second' });
      toast.show({ message: 'Third' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(3);
    act(() => toast.hide(first));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => toast.hide());
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('puts each toast in the corner it asks for', () => {
    renderViewport();
    act(() => {
      toast.show({ message: 'tr', position: 'top-right' });
      toast.show({ message: 'tl', position: 'top-left' });
      toast.show({ message: 'br', position: 'bottom-right' });
      toast.show({ message: 'bl', position: 'bottom-left' });
    });
    for (const [message, position] of [
      ['tr', 'top-right'],
      ['tl', 'top-left'],
      ['br', 'bottom-right'],
      ['bl', 'bottom-left'],
    ] as const) {
      const region = document.querySelector(`section[data-position="${position}"]`) as HTMLElement;
      expect(within(region).getByText(message)).toBeInTheDocument();
    }
  });

  it('marks each type; errors are alerts, the rest polite statuses', () => {
    renderViewport();
    act(() => {
      toast.show({ message: 'e', type: 'error' });
      toast.show({ message: 's', type: 'success' });
      toast.show({ message: 'i', type: 'info' });
      toast.show({ message: 'w', type: 'warning' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-type', 'error');
    expect(alert).toHaveTextContent('Error: e');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.getAttribute('data-type'))).toEqual(['success', 'info', 'warning']);
    statuses.forEach((s) => expect(s).toHaveAttribute('aria-live', 'polite'));
  });
});

describe('showApiError', () => {
  afterEach(() => act(() => toast.hide()));

  const cases: [ApiError, string][] = [
    [new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: 'x' }), 'Your session has ended; sign in again'],
    [new ApiError({ code: 'FORBIDDEN', status: 403, message: 'x' }), 'Your role does not allow this'],
    [new ApiError({ code: 'RATE_LIMITED', status: 429, message: 'x' }), 'Too many attempts; wait a few minutes'],
    [
      new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'x' }),
      'No connection to iPos; check the network and try again',
    ],
    [
      new ApiError({ code: 'INTERNAL', status: 500, message: 'x', requestId: 'req-42' }),
      'Something went wrong on our side (request req-42)',
    ],
    [
      new ApiError({ code: 'INVALID_PIN', status: 401, message: 'That PIN is not right; 3 tries left' }),
      'That PIN is not right; 3 tries left',
    ],
  ];

  it.each(cases)('words %s plainly in an error toast', (error, words) => {
    renderViewport();
    act(() => void showApiError(error, 'Could not save'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not save');
    expect(alert).toHaveTextContent(words);
  });

  it('shows a plan limit in the API’s words (which limit, the plan, the usage) until it is closed', () => {
    vi.useFakeTimers();
    try {
      const words =
        'Staff: the Free plan allows 3 active staff members; the business has 3. An administrator can choose a larger plan in Settings → Plan to raise the limit';
      renderViewport();
      act(
        () =>
          void showApiError(new ApiError({ code: 'PLAN_LIMIT_REACHED', status: 409, message: words }), 'Could not add'),
      );
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('alert')).toHaveTextContent(words);
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a fetch TypeError as no connection and unknown codes with a fallback', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderViewport();
    act(() => void showApiError(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to iPos');
    act(() => toast.hide());
    act(() => void showApiError(new ApiError({ code: 'SOMETHING_NEW', status: 400, message: 'x' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong; try again');
    expect(logged).toHaveBeenCalledWith('[iPos] Unexpected error', expect.any(TypeError));
    logged.mockRestore();
  });
});
