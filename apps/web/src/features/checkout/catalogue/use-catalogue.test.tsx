import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TestProviders } from '../../../test/render';
import { storageKeys, writeStored } from '../../../lib/storage';
import { catalogueLoaded, forgetLiveCatalogue, syncCatalogue } from './catalogue';
import { catalogueItem } from './catalogue-test-rows';
import { useRegisterSearch, type RegisterSearch } from './use-catalogue';

const STORE = '0190a6a0-0000-7000-8000-00000000a001';
const peak = catalogueItem({ name: 'Peak Milk', sku: 'PEAK-1' });
const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;

beforeEach(async () => {
  forgetLiveCatalogue();
  writeStored(storageKeys.storeId, STORE);
  await syncCatalogue(STORE, async () => ({ items: [peak], nextCursor: 'c1', complete: true }));
  forgetLiveCatalogue(); // a cold start: the copy is on the device, not yet in memory
  // The server is gone.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});
afterEach(() => {
  forgetLiveCatalogue();
  vi.unstubAllGlobals();
});

describe('the register search on a cold start', () => {
  it('says the catalogue is loading (not that the search failed) until the device answers', async () => {
    const seen: RegisterSearch[] = [];
    const { result } = renderHook(
      () => {
        const search = useRegisterSearch(STORE, 'peak');
        seen.push(search);
        return search;
      },
      { wrapper },
    );
    await catalogueLoaded(STORE);
    await waitFor(() => expect(result.current.items.map((s) => s.name)).toEqual(['Peak Milk']));
    const whileLoading = seen.filter((s) => s.loadingCatalogue);
    expect(whileLoading.length).toBeGreaterThan(0);
    expect(whileLoading.every((s) => s.searching && s.error === null && s.items.length === 0)).toBe(true);
    // Enter pressed meanwhile: answered from the device once its copy is read.
    expect((await whileLoading[0]!.bestFor('peak'))?.name).toBe('Peak Milk');
    expect(result.current).toMatchObject({ loadingCatalogue: false, searching: false, error: null });
  });
});
