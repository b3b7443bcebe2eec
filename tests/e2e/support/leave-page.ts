// Leaving the test page, as a candidate switching tabs does: another page of the context comes to the
// front (the test page must have focus emulation off, see proctoring.spec.ts). The absence lasts until
// the page has counted it — its warning is in the DOM of the hidden page — not for a fixed time, so a
// slow machine only makes it longer, never uncounted.
import { expect, type Locator, type Page } from '@playwright/test';

/** Leaves until `counted` (by default any alert dialog) is attached to the hidden page, then comes back. */
export async function leaveUntilCounted(page: Page, counted: Locator = page.getByRole('alertdialog')): Promise<void> {
  const other = await page.context().newPage();
  await other.bringToFront();
  await expect(counted.first()).toBeAttached({ timeout: 20_000 });
  await page.bringToFront();
  await other.close();
}

/** A focus flicker: away and straight back, well inside the page's grace (src/sensors/tab-watch.ts). */
export async function flicker(page: Page): Promise<void> {
  const other = await page.context().newPage();
  await other.bringToFront();
  await page.bringToFront();
  await other.close();
}
