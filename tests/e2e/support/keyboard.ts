// Keyboard-only and assistive-technology checks for the accessibility spec (issue 18): moving
// with Tab and asserting that every stop shows a visible focus indicator, that focus is never lost
// to <body>, and the reflow check at a narrow viewport. axe is in axe.ts (shared by every spec).
import { expect, type Locator, type Page } from '@playwright/test';

/** What has focus: 'body' when nothing does, else whether it (or a close ancestor) draws a focus ring. */
export async function focusState(page: Page): Promise<'body' | 'visible' | string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    // RAC's radios and checkboxes keep focus on a hidden input and draw the ring on their label.
    for (let el: Element | null = active, i = 0; el && i < 4; el = el.parentElement, i++) {
      const cs = getComputedStyle(el);
      if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) return 'visible';
    }
    return `no focus ring on ${active.outerHTML.slice(0, 160)}`;
  });
}

export async function expectFocusVisible(page: Page): Promise<void> {
  expect(await focusState(page)).toBe('visible');
}

/** Focus is somewhere on the page (after a page, question or dialog change), not dropped to <body>. */
export async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => focusState(page)).not.toBe('body');
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, asserting a visible focus ring at
 * every stop on the way; fails when it takes more than `max` presses (unreachable or a bad order).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(`${String(target)} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Tab to `target`, then press `key` (Enter by default) on it. */
export async function activate(page: Page, target: Locator, key = 'Enter', opts: { back?: boolean; max?: number } = {}): Promise<void> {
  await tabTo(page, target, opts);
  await expect(target).toBeEnabled();
  await page.keyboard.press(key);
}

/** 400% of 1280x720 and 200% of it, as CSS pixels. */
export const ZOOMS = [{ label: '400%', width: 320, height: 180 }, { label: '200%', width: 640, height: 360 }] as const;

/**
 * At each zoom the page does not scroll sideways and `controls` stay usable (visible once
 * scrolled to); the viewport goes back to `restore` after.
 */
export async function expectReflow(page: Page, label: string, controls: Locator[], restore = { width: 1280, height: 720 }): Promise<void> {
  for (const zoom of ZOOMS) {
    await page.setViewportSize({ width: zoom.width, height: zoom.height });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `${label} at ${zoom.label}: horizontal overflow in px` }).toBeLessThanOrEqual(0);
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
      const box = await control.boundingBox();
      expect(box!.x + box!.width, `${label} at ${zoom.label}: ${String(control)} fits`).toBeLessThanOrEqual(zoom.width + 0.5);
    }
  }
  await page.setViewportSize(restore);
}
