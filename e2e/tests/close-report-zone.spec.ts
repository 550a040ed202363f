import { expect, test } from '@playwright/test';
import { closeRegister, openRegister } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The till's computer is set to New York and US English; the shop is in Lagos. The close (Z) report
 * still reads on the shop's clock, in the app's format ("26 Nov 2026, 11:39"), like the till beside it.
 */
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const clock = (timeZone: string, instant: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
    instant,
  );

test('the close report shows the store’s time, not the browser’s', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  await signIn(page, demo.cashier);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Ikeja');
  // The browser really is on New York's clock.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  const before = new Date();
  await openRegister(page, `Zone ${run}`, '2000');
  // The till's header: "Opened by Dayo Cashier at 11:39", on the store's clock.
  const header = await page.getByText(/Opened by Dayo Cashier at \d{2}:\d{2}/).textContent();
  const tillTime = /at (\d{2}:\d{2})/.exec(header ?? '')![1]!;
  const opened = clock('Africa/Lagos', before);
  expect([opened.slice(-5), clock('Africa/Lagos', new Date()).slice(-5)]).toContain(tillTime);

  await closeRegister(page, '2000');
  const line = page.getByTestId('close-report').getByText(/^Opened /);
  const text = (await line.textContent())!;
  // "Opened 26 Nov 2026, 11:39 by Dayo Cashier · closed 26 Nov 2026, 11:40 by Dayo Cashier"
  expect(text).toMatch(
    /^Opened \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} by Dayo Cashier · closed \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} by Dayo Cashier$/,
  );
  expect(text).toContain(`Opened ${opened.slice(0, -5)}${tillTime} by`);
  // Neither New York's clock nor the US format.
  expect(text).not.toContain(clock('America/New_York', before).slice(-5));
  expect(text).not.toMatch(/AM|PM|\d+\/\d+\/\d{4}/);
  expect(problems).toEqual([]);
});
