import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { overflowInPage, ownerVisitsOf, routesWithoutParameters, screenSizes } from '../../bench/lib.mjs';

/**
 * What the screens journey checks on each screen, at each of the three sizes a shop uses: the page does
 * not scroll sideways (`document.scrollingElement.scrollWidth <= innerWidth`) and axe-core finds nothing
 * critical or serious. The sizes, the route list and how the owner visits each route come from
 * bench/lib.mjs, which the screens audit (scripts/audit-screens.mjs) reads too.
 */

export type ScreenSize = (typeof screenSizes)[number];
export { screenSizes };

/** The register: visited as a cashier with a register open, not in the owner's round. */
export const registerPath = '/dashboard/checkout';

/**
 * Every route of the route table without a path parameter, as the demo owner visits it: in admin mode,
 * in the store (Lekki), or both, as its section's audience says. The register aside.
 */
export function ownerVisits(): { name: string; url: string }[] {
  return routesWithoutParameters()
    .filter((route) => route !== registerPath)
    .flatMap((route) => ownerVisitsOf(route));
}

/** The screen has its heading and nothing on it still loads (busy regions, skeletons). */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root[data-visible]')).toHaveCount(0);
}

/**
 * What is wrong with the screen as it stands, each finding one line naming `where`: sideways scrolling
 * (with the element reaching furthest right) and axe-core's critical and serious violations (rule,
 * nodes, the first targets), of the whole page or only of what `within` selects.
 */
export async function screenFindings(page: Page, where: string, within?: string): Promise<string[]> {
  const findings: string[] = [];
  const overflow = await page.evaluate(overflowInPage);
  if (overflow)
    findings.push(
      `${where}: the page scrolls sideways to ${overflow.scrollWidth} px (furthest right: ${overflow.element}, ${overflow.right} px)`,
    );
  // Only the violations: gathering every passing node's details costs seconds on a long table. Run in
  // the page itself (the app has no frames): the default mode finishes each run in a new blank page.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  for (const v of violations)
    if (v.impact === 'critical' || v.impact === 'serious') {
      const first = v.nodes[0];
      // The first node's markup and reason in one line (for contrast: the ratio and both colours).
      const why = (first?.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      findings.push(
        `${where}: axe ${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')} — ${first?.html.slice(0, 160)} — ${why}`,
      );
    }
  return findings;
}

/** Routes that only send the person on: the settings root opens the first settings page their role has. */
const redirectingRoutes = new Set(['/dashboard/settings']);

/**
 * Loads `url` once, waits until it has settled and checks it; a route that sends the person elsewhere
 * is a finding too (the screen meant was not checked), unless sending on is all it does.
 */
export async function visitFindings(page: Page, name: string, url: string): Promise<string[]> {
  await page.goto(url);
  await settled(page);
  const landed = new URL(page.url()).pathname;
  const meant = new URL(url, page.url()).pathname;
  const redirected = landed === meant || redirectingRoutes.has(meant) ? [] : [`${name}: sent to ${landed}`];
  return [...redirected, ...(await screenFindings(page, name))];
}

/**
 * Checks an open dialog once it has finished opening, then closes it with Escape: the page does not
 * scroll sideways, nor does the dialog, and axe-core finds nothing critical or serious in the dialog
 * (the page behind it is checked on its own, without the overlay dimming it). On a phone the dialog
 * must be a full-screen sheet: as wide and as tall as the screen.
 */
export async function dialogFindings(page: Page, dialog: Locator, name: string, size: ScreenSize) {
  await expect(dialog).toBeVisible();
  // Mantine fades a dialog in; axe would read its colours half-transparent.
  await expect(dialog).toHaveCSS('opacity', '1');
  const findings = await screenFindings(page, name, '[role="dialog"]');
  // A dialog is fixed to the screen, so what is too wide in it scrolls the dialog, never the page.
  const [scrollWidth, clientWidth] = await dialog.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  if (scrollWidth! > clientWidth! + 1)
    findings.push(`${name}: the dialog scrolls sideways (${scrollWidth} px in ${clientWidth} px)`);
  if (size.name === 'phone') {
    const box = (await dialog.boundingBox())!;
    if (Math.abs(box.width - size.width) > 1 || Math.abs(box.height - size.height) > 1)
      findings.push(`${name}: not a full-screen sheet (${Math.round(box.width)}×${Math.round(box.height)})`);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return findings;
}
