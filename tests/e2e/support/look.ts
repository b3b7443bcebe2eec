// The look-check's rules (issue 32), shared by tests/e2e/specs/look-check.spec.ts and the specs that
// reach a screen the look-check cannot (the break screen, in accommodations.spec.ts): the main
// action inside the viewport and not covered, no overlapping controls, choice-group options whose
// texts do not touch, no raw code in visible text.
import { expect, type Locator, type Page } from '@playwright/test';

/** The two laptop screens every screen is looked at. */
export const LOOK_SIZES = [{ width: 1366, height: 768 }, { width: 1280, height: 720 }] as const;

interface Finding { rule: string; detail: string }

/** Runs the four rules in the page; `mainAction` is a CSS selector of the screen's main action. */
export async function lookAt(page: Page, mainAction: string | null): Promise<Finding[]> {
  return page.evaluate((main) => {
    const out: { rule: string; detail: string }[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 2 && r.height > 2 && s.visibility !== 'hidden' && s.opacity !== '0' && !el.closest('.visually-hidden, [aria-hidden="true"]');
    };
    const name = (el: Element) => {
      const r = el.getBoundingClientRect();
      const label = (el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.getAttribute('name') || el.id;
      return `${el.tagName.toLowerCase()} "${label}" [${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}]`;
    };
    // An open modal dialog makes the rest of the page inert: only its own controls count.
    const modal = [...document.querySelectorAll('[aria-modal="true"]')].pop();
    // (a) the main action inside the viewport and on top at its centre.
    if (main) {
      const el = document.querySelector(main);
      if (!el) out.push({ rule: 'main-action', detail: `${main} not found` });
      else {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw) out.push({ rule: 'main-action', detail: `${name(el)} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${vh}` });
        else {
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !el.contains(hit)) out.push({ rule: 'main-action', detail: `${name(el)} covered by ${hit ? name(hit) : 'nothing'}` });
        }
      }
    }
    // (b) interactive elements overlapping (a label around its own input is one element).
    const pinned = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) { const p = getComputedStyle(e).position; if (p === 'sticky' || p === 'fixed') return e; }
      return null;
    };
    // The focused control is not hidden behind anything (a sticky bar included).
    const focused = document.activeElement;
    if (focused && focused !== document.body && visible(focused)) {
      const r = focused.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && !focused.contains(hit) && !hit.contains(focused)) out.push({ rule: 'focus-covered', detail: `${name(focused)} covered by ${name(hit)}` });
    }
    const interactive = [...(modal ?? document).querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="radio"], [role="button"], [role="link"]')]
      .filter((el) => visible(el) && !el.closest('[inert]'));
    for (let i = 0; i < interactive.length; i++) {
      for (let j = i + 1; j < interactive.length; j++) {
        const a = interactive[i]!; const b = interactive[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        // Content scrolling under a bar pinned to its card or dialog is not an overlap (the focus rule below covers it).
        if (pinned(a) !== pinned(b)) continue;
        const ra = a.getBoundingClientRect(); const rb = b.getBoundingClientRect();
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1) out.push({ rule: 'overlap', detail: `${name(a)} overlaps ${name(b)}` });
      }
    }
    // (c) options of one group whose texts touch on one line.
    for (const group of document.querySelectorAll('[role="radiogroup"]')) {
      const options = [...group.querySelectorAll('label, [role="radio"]')].filter((o) => !o.querySelector('label') && visible(o));
      // The box of the option's visible text only (not its visually hidden input).
      const textBox = (o: Element) => {
        const walker = document.createTreeWalker(o, NodeFilter.SHOW_TEXT);
        let box: { left: number; right: number; top: number; bottom: number } | null = null;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim()) continue;
          const range = document.createRange(); range.selectNodeContents(n);
          const r = range.getBoundingClientRect();
          box = box ? { left: Math.min(box.left, r.left), right: Math.max(box.right, r.right), top: Math.min(box.top, r.top), bottom: Math.max(box.bottom, r.bottom) } : { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }
        return box ?? { left: 0, right: 0, top: 0, bottom: 0 };
      };
      const boxes = options.map((o) => ({ o, r: textBox(o) }));
      for (let i = 1; i < boxes.length; i++) {
        const p = boxes[i - 1]!.r; const c = boxes[i]!.r;
        const sameLine = Math.min(p.bottom, c.bottom) - Math.max(p.top, c.top) > 2;
        if (sameLine && c.left - p.right < 6) out.push({ rule: 'options-touch', detail: `${name(boxes[i - 1]!.o)} | ${name(boxes[i]!.o)} (gap ${Math.round(c.left - p.right)} px)` });
      }
    }
    // (d) raw codes: snake_case words or kind:code pairs in the visible text.
    // Text marked up as <code> (the audit log's technical record) is shown as code on purpose.
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('code, script, style, template, .visually-hidden') || !parent.checkVisibility()) continue;
      parts.push(n.textContent ?? '');
    }
    const text = parts.join(' ');
    // The member import's CSV column names are literal text a coordinator types, not codes.
    const literal = new Set(['phone_number']);
    for (const m of text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+:[a-z_]+\b/g)) if (!literal.has(m[0])) out.push({ rule: 'raw-code', detail: m[0] });
    return out;
  }, mainAction);
}

export async function expectLooksRight(page: Page, screen: string, mainAction: string | Locator | null): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  let selector = typeof mainAction === 'string' || mainAction === null ? mainAction : '[data-look-main]';
  if (mainAction !== null && typeof mainAction !== 'string') {
    await page.evaluate(() => document.querySelectorAll('[data-look-main]').forEach((e) => e.removeAttribute('data-look-main')));
    await mainAction.evaluate((el) => el.setAttribute('data-look-main', ''));
    selector = '[data-look-main]';
  }
  expect(await lookAt(page, selector), `${screen} at ${page.viewportSize()?.width ?? 0}×${page.viewportSize()?.height ?? 0}`).toEqual([]);
}

