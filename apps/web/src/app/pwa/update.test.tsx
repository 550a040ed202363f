import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSaleInProgress } from '../../lib/sale-in-progress';
import { renderWithProviders } from '../../test/render';
import { AppUpdate, registerServiceWorker, type WorkboxLike } from './service-worker';
import { UpdateNotice } from './update-notice';
import { shouldRegisterServiceWorker, updateNoticeState } from './update-rules';

afterEach(() => {
  setSaleInProgress('test-cart', false);
  setSaleInProgress('test-payment', false);
});

describe('update notice rules', () => {
  it('shows nothing until a new version waits, then Reload, and holds it back during a sale', () => {
    expect(updateNoticeState({ isWaiting: false, isSaleInProgress: false })).toBe('hidden');
    expect(updateNoticeState({ isWaiting: false, isSaleInProgress: true })).toBe('hidden');
    expect(updateNoticeState({ isWaiting: true, isSaleInProgress: false })).toBe('ready');
    expect(updateNoticeState({ isWaiting: true, isSaleInProgress: true })).toBe('after-sale');
  });

  it('registers the worker only in the built app, where browsers have one, outside callback windows', () => {
    const base = { isProduction: true, hasServiceWorker: true, isCallbackWindow: false };
    expect(shouldRegisterServiceWorker(base)).toBe(true);
    expect(shouldRegisterServiceWorker({ ...base, isProduction: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...base, hasServiceWorker: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...base, isCallbackWindow: true })).toBe(false);
  });
});

/** workbox-window's Workbox, as far as the app uses it. */
function fakeWorkbox() {
  const handlers = new Map<string, ((event: { isUpdate?: boolean }) => void)[]>();
  const workbox = {
    addEventListener: vi.fn((type: string, handler: (event: { isUpdate?: boolean }) => void) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    }),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
  };
  const emit = (type: string, event: { isUpdate?: boolean } = {}) =>
    handlers.get(type)?.forEach((handler) => handler(event));
  return { workbox: workbox as unknown as WorkboxLike, calls: workbox, emit };
}

describe('registering the service worker', () => {
  it('tells a waiting version to take over only when applied, and reloads once it controls the page', () => {
    const update = new AppUpdate();
    const reload = vi.fn();
    const { workbox, calls, emit } = fakeWorkbox();
    registerServiceWorker({ update, workbox, reload, checkEveryMs: 0 });
    expect(calls.register).toHaveBeenCalledOnce();
    expect(update.isWaiting()).toBe(false);

    emit('waiting');
    expect(update.isWaiting()).toBe(true);
    expect(calls.messageSkipWaiting).not.toHaveBeenCalled();

    // Another tab's worker taking over does not reload this page: only an applied update does.
    emit('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();

    update.apply();
    expect(calls.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reads the start-up files again through the first worker once it controls the page', () => {
    const fetched: string[] = [];
    const { workbox, emit } = fakeWorkbox();
    registerServiceWorker({
      update: new AppUpdate(),
      workbox,
      reload: vi.fn(),
      checkEveryMs: 0,
      warmUrls: ['/config.json', '/oidc/.well-known/openid-configuration'],
      fetchImpl: async (url) => void fetched.push(url),
    });
    expect(fetched).toEqual([]);
    emit('controlling', { isUpdate: false });
    expect(fetched).toEqual(['/config.json', '/oidc/.well-known/openid-configuration']);
    // A later version taking over does not read them again.
    emit('controlling', { isUpdate: true });
    expect(fetched).toHaveLength(2);
  });
});

describe('UpdateNotice', () => {
  it('offers Reload once a version waits, and applies it only on the click', async () => {
    const update = new AppUpdate();
    const activate = vi.fn();
    renderWithProviders(<UpdateNotice update={update} />);
    expect(screen.queryByRole('status', { name: 'Update ready' })).not.toBeInTheDocument();

    act(() => update.setWaiting(activate));
    expect(screen.getByRole('status', { name: 'Update ready' })).toHaveTextContent('Update ready');
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it('never offers Reload while the cart has lines or payment is open', async () => {
    const update = new AppUpdate();
    const activate = vi.fn();
    update.setWaiting(activate);
    act(() => setSaleInProgress('test-cart', true));
    renderWithProviders(<UpdateNotice update={update} />);
    const notice = screen.getByRole('status', { name: 'Update ready' });
    expect(notice).toHaveTextContent('reload once this sale is finished');
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    // The payment opens while the cart still has lines; then the sale ends (cart empty, payment closed).
    act(() => setSaleInProgress('test-payment', true));
    act(() => setSaleInProgress('test-cart', false));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    act(() => setSaleInProgress('test-payment', false));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledOnce();
  });
});
