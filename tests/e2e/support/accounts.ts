// Helpers for the account specs: unique members, API shortcuts, the SMTP sink's mails and SSO links
// (axe is in axe.ts).
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths } from '../../../contracts/api-paths.ts';
import type { LoginResponse } from '../../../contracts/auth.ts';
import { signSsoLink } from '../../../server/services/accounts/sso.ts';
import { systemClock } from '../../../server/services/platform/clock.ts';

export const ACCESS_KEY = 'epot-public-demo-key';
/** Not in the server's common-password list. */
export const PASSWORD = 'Lawu-kopi-tubruk-71';
const api = (p: string) => `/api${p}`;

/** The DB is shared by the whole run: every test makes its own members. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A made-up client address per test. The server trusts X-Forwarded-For from loopback, so its
 * per-IP limits (registration: 20 an hour) count each test as its own client, not the whole run.
 */
export function clientIp(): string {
  return `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
}

export async function registerViaApi(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const res = await request.post(api(apiPaths.member.register), {
    data: { access_key: ACCESS_KEY, email, new_password: password, conf_new_password: password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function loginViaApi(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post(api(apiPaths.member.login), {
    data: { access_key: ACCESS_KEY, provider: 'email', email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as LoginResponse).data.token;
}

/** A registered member whose profile (with residential address) is complete. */
export async function completeMember(request: APIRequestContext, tag: string, fullname = 'Sari Wulandari'): Promise<string> {
  const email = uniqueEmail(tag);
  await registerViaApi(request, email);
  const token = await loginViaApi(request, email);
  const res = await request.put(api(apiPaths.member.updateProfile), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      fullname, date_of_birth: '1995-04-21', place_of_birth: 'Yogyakarta', phone: '081234567890',
      meta: { residential_address: 'Jl. Malioboro 10, Yogyakarta' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

export async function loginViaUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

interface Mail { to: string[]; subject: string; text: string }

/** The newest mail to `to` that arrives within the timeout (from the runner's SMTP sink). */
export async function latestMail(to: string, after = 0): Promise<Mail> {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL is not set: run through tests/e2e/run-e2e.ts');
  let found: Mail | undefined;
  await expect.poll(async () => {
    const mails = ((await (await fetch(url)).json()) as Mail[]).filter((m) => m.to.includes(to));
    found = mails.length > after ? mails[mails.length - 1] : undefined;
    return Boolean(found);
  }, { timeout: 15_000 }).toBe(true);
  return found!;
}

export function otpFrom(mail: Mail): string {
  const otp = /Kode OTP Anda: (\d{6})/.exec(mail.text)?.[1];
  if (!otp) throw new Error(`no OTP in mail: ${mail.text}`);
  return otp;
}

export function ssoLink(baseUrl: string, email: string, name: string): string {
  const ssoSecret = process.env.E2E_SSO_SECRET;
  if (!ssoSecret) throw new Error('E2E_SSO_SECRET is not set: run through tests/e2e/run-e2e.ts');
  return signSsoLink({ email, name, ttlSeconds: 300, baseUrl }, { ssoSecret, ssoPrefix: process.env.E2E_SSO_PREFIX ?? 'epot-sso-' }, systemClock.now());
}

