import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DeviceStorageNotice } from './device-storage-notice';

const TITLE = 'This browser may clear sales kept on this device';

/** The browser's answer to `navigator.storage.persist()`. */
function browserAnswers(granted: boolean) {
  const persist = vi.fn(async () => granted);
  vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
  return persist;
}

/** The answer to the request has come back and been shown (or not). */
const settle = () => act(async () => undefined);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('DeviceStorageNotice', () => {
  it('warns, calmly, when the browser refuses to keep the device store; dismissed, it stays away in this tab', async () => {
    const persist = browserAnswers(false);
    const first = renderWithProviders(<DeviceStorageNotice />);
    expect(await screen.findByText(TITLE)).toBeInTheDocument();
    expect(screen.getByText(/Allow storage for iPos/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    first.unmount();

    renderWithProviders(<DeviceStorageNotice />);
    await settle();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    // Asked once per page, however often the register opens.
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the browser keeps it', async () => {
    const persist = browserAnswers(true);
    renderWithProviders(<DeviceStorageNotice />);
    await settle();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('says nothing when the browser has no such setting', async () => {
    renderWithProviders(<DeviceStorageNotice />);
    await settle();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });
});
