// The one axe check every e2e spec uses (issue 18), on the candidate's and the staff's screens:
// axe-core with the WCAG 2.0, 2.1 and 2.2 level A and AA rules, on what the page shows now. Any
// violation fails, whatever its impact (contrast, names, roles, target size …); the label names the
// screen in the failure.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * react-aria's LiveAnnouncer says a grid's new row by pointing at its header (`role="img"
 * aria-labelledby`) for 7 s; after a page change the header is gone and axe would report that
 * transient entry (role-img-alt), which a screen reader has already read. Wait until it expired.
 */
async function announcementsExpired(page: Page): Promise<void> {
  await expect(page.locator('[role="log"][aria-live] > [role="img"]')).toHaveCount(0, { timeout: 15_000 });
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await announcementsExpired(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} (${v.impact ?? ''}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // The check ran on a real page (an empty document passes every rule).
  expect(results.passes.length).toBeGreaterThan(0);
}
