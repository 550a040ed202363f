import { expect, test } from '@playwright/test';
import { watchForBreakage } from '../support/journeys.js';

type WithTruncate = { truncate: (value: string, length: number) => string };

const groups = ['Buttons', 'Inputs', 'Toast', 'Table', 'Badges', 'Money', 'States', 'Truncation'];
const positions = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;

test('the showcase renders every group of the kit', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/all-components');
  await expect(page).toHaveTitle(/^iPos Web Solution \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Component showcase');
  for (const name of groups) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  const money = page.getByRole('region', { name: 'Money' });
  for (const text of ['$12,345.50', '₦12,345.50', '€12,345.50', '£12,345.50', 'KSD 12,345.50', 'TZS 12,345.50']) {
    await expect(money.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(money.getByText('-₦25.00', { exact: true })).toBeVisible();
  await expect(money.getByText('KSD 0.00', { exact: true })).toBeVisible();

  const badges = page.getByRole('region', { name: 'Badges' });
  for (const label of ['Open', 'Cancelled', 'Closed', 'Fully recalled', 'Partially recalled']) {
    await expect(badges.getByText(label, { exact: true })).toBeVisible();
  }

  // The global truncation helper of spec section 1, and its demo.
  expect(await page.evaluate(() => (window as unknown as WithTruncate).truncate('Golden Penny Spaghetti', 6))).toBe(
    'Golden...',
  );
  expect(await page.evaluate(() => (window as unknown as WithTruncate).truncate('', 6))).toBe('');
  await expect(page.getByTestId('truncation-result')).toHaveText('Golden Penny...');
  await page.getByLabel('Length').fill('4');
  await expect(page.getByTestId('truncation-result')).toHaveText('Gold...');

  // Nothing spills sideways on a tablet.
  await page.setViewportSize({ width: 768, height: 1024 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});

test('a toast appears in each corner and closes by its button', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/all-components');
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };

  for (const position of positions) {
    await page.getByRole('button', { name: `Show toast ${position}` }).click();
    const shown = page.getByRole('status').filter({ hasText: `Shown ${position}` });
    await expect(shown).toBeVisible();
    const box = await shown.boundingBox();
    expect(box).not.toBeNull();
    const centreX = box!.x + box!.width / 2;
    const centreY = box!.y + box!.height / 2;
    expect(centreX > viewport.width / 2, `${position}: horizontal side`).toBe(position.endsWith('right'));
    expect(centreY < viewport.height / 2, `${position}: vertical side`).toBe(position.startsWith('top'));
    await shown.getByRole('button', { name: 'Close' }).click();
    await expect(shown).toBeHidden();
  }

  // From the keyboard: the close button takes focus and Enter closes.
  await page.getByRole('button', { name: 'Show a 10-second toast' }).click();
  const sticky = page.getByRole('status').filter({ hasText: 'Stays for 10 seconds' });
  await sticky.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(sticky).toBeHidden();
  expect(problems).toEqual([]);
});

test('a toast of each type hides itself after 3 seconds; errors are alerts', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/all-components');

  await page.getByRole('button', { name: 'Show error toast' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An example error toast' })).toBeVisible();
  for (const type of ['info', 'success', 'warning']) {
    await page.getByRole('button', { name: `Show ${type} toast` }).click();
    await expect(page.getByRole('status').filter({ hasText: `An example ${type} toast` })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Show toast top-left' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Shown top-left' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await page.waitForTimeout(1500);
  await expect(toast, 'still shown half-way through its 3000 ms').toBeVisible();
  await expect(toast).toBeHidden({ timeout: 4000 });
  // Playwright polls, so "hidden" is seen a little after the fact; it must not come early.
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
  await expect(page.getByRole('alert').filter({ hasText: 'An example error toast' })).toBeHidden();

  // The API-error toast words a problem code plainly.
  await page.getByRole('button', { name: 'Show an API error' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your role does not allow this' })).toBeVisible();
  expect(problems).toEqual([]);
});
