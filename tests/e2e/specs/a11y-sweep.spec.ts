// Accessibility sweep: every screen the SPA has, checked with axe-core and the WCAG 2.2 A/AA rules
// (support/axe.ts: any violation fails). Guests' screens first, then a member's, with an order from
// the 'a11y' pool. The exam sections, the break and the device check run a clock or the camera:
// accessibility.spec.ts and their own specs check them where they start.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { paths } from '../../../src/lib/paths.ts';
import { clientIp, loginViaApi, loginViaUi, ssoLink } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pool } from '../support/test-data.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const data = pool('a11y');

/** The screen has rendered (its h1) and stopped loading. */
async function settled(page: Page, heading?: string | RegExp) {
  await page.waitForLoadState('networkidle');
  const h1 = page.locator('h1').first();
  await expect(h1).toBeVisible();
  if (heading) await expect(h1).toHaveText(heading);
}

async function redeem(request: APIRequestContext, token: string, license: string): Promise<string> {
  const res = await request.post(`/api${apiPaths.order.create}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { license, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test("guests' screens have no WCAG 2.2 A/AA violations", async ({ page, baseURL }) => {
  const screens: [string, string][] = [
    ['login', paths.login],
    ['registration', paths.registration],
    ['forgot password', paths.passwordSendEmail],
    ['reset password (OTP)', paths.passwordReset('kode-contoh')],
    ['diagnostics', paths.diagnostics],
    ['certificate verification (unknown number)', paths.verify('EPOT-ZZZZZZZZZZZZ')],
    ['404', '/halaman-yang-tidak-ada'],
  ];
  for (const [label, path] of screens) {
    await page.goto(path);
    await settled(page);
    await expectNoAxeViolations(page, label);
  }
  // SSO: a link without its signature ends on the failure screen; a signed one logs in.
  await page.goto(`${paths.sso}?uid=epot-sso-tamu%40example.com`);
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expectNoAxeViolations(page, 'sso failure');
  await page.goto(ssoLink(baseURL!, `a11y-sso-${Date.now()}@example.com`, 'Tamu Aksesibel'));
  await page.waitForURL((url) => url.pathname !== paths.sso);
  await settled(page);
  await expectNoAxeViolations(page, 'after sso (new member)');
});

test("a member's screens have no WCAG 2.2 A/AA violations", async ({ page }) => {
  const member = data.individualMembers[0]!;
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await settled(page);
  await expectNoAxeViolations(page, 'test list (empty)');

  const orderId = await redeem(page.request, await loginViaApi(page.request, member.email, member.password), data.individualCodes[0]!);
  const screens: [string, string][] = [
    ['test list (one order)', paths.epot],
    ['preparation', paths.preparationFor(orderId)],
    ['specification', paths.specificationFor(orderId)],
    ['account', paths.account],
    ['guide', paths.guide],
    ['certificates', paths.reward],
    ['404 inside the app', '/epot/tidak-ada/sama-sekali'],
  ];
  for (const [label, path] of screens) {
    await page.goto(path);
    await settled(page);
    await expectNoAxeViolations(page, label);
  }
});
