// Helpers for the staff console spec: staff sign-in (UI and API), a test taken through the API by
// an institution member (redeem, consent, start, three sections with a known answer pattern, as the
// certificates spec does), the invite mail's password-set step, and reading downloads.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { SectionDetail } from '../../../contracts/exam-delivery.ts';
import type { ExamImport } from '../../../contracts/exam-import.ts';
import { RULES_VERSION } from '../../../contracts/orders.ts';
import { BIOMETRIC_CONSENT_VERSION } from '../../../contracts/facts/index.ts';
import { ACCESS_KEY, latestMail, otpFrom } from './accounts.ts';

const api = (p: string) => `/api${p}`;

export async function staffLoginUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function staffToken(request: APIRequestContext, email: string, password: string, otp?: string): Promise<string> {
  const res = await request.post(api(apiPaths.admin.login), { data: { email, password, ...(otp ? { otp } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * An imported member got the invite mail and sets a password with it. The e2e server has no
 * PUBLIC_URL, so the mail's link comes from the importing admin's console origin (validated against
 * the server's own host): it must point at this server. The code from the link and the mail's OTP go
 * to the reset call the /password-reset/:code page makes.
 */
export async function setPasswordAfterInvite(request: APIRequestContext, email: string, password: string): Promise<void> {
  const invite = await latestMail(email);
  expect(invite.subject).toBe('Akun EPOT Anda telah dibuat');
  const { code } = inviteLinkOf(invite.text);
  const res = await request.put(api(apiPaths.member.changeForgotPassword), {
    data: { access_key: ACCESS_KEY, code, otp: otpFrom(invite), new_password: password, conf_new_password: password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The password-set link in a member invite, on this e2e server's origin. */
export function inviteLinkOf(text: string): { link: string; code: string } {
  const base = new URL(process.env.E2E_BASE_URL!).origin;
  const match = /(https?:\/\/\S+)\/password-reset\/([\w-]+)/.exec(text);
  expect(match?.[1], text).toBe(base);
  return { link: `${match![1]}/password-reset/${match![2]}`, code: match![2]! };
}

/** The link in a staff password-set mail, on this e2e server's origin. */
export function staffLinkOf(text: string): string {
  const base = new URL(process.env.E2E_BASE_URL!).origin;
  const match = /(https?:\/\/\S+)\/admin\/password-set\/([\w-]+)/.exec(text);
  expect(match?.[1], text).toBe(base);
  return match![0];
}

type SectionName = 'listening' | 'structure' | 'reading';
const SECTIONS: SectionName[] = ['listening', 'structure', 'reading'];
// 30/28/43 correct -> 51/52/58 -> 537 (../shared/reference/scoring.md worked check).
const RAW: Record<SectionName, number> = { listening: 30, structure: 28, reading: 43 };
const exam = JSON.parse(readFileSync(new URL('../../../content/demo-exam/exam.json', import.meta.url), 'utf8')) as ExamImport;
const keyOf = (section: SectionName) => exam.sections[section].parts.flatMap((p) => p.groups.flatMap((g) => g.questions.map((q) => ({
  right: q.options[q.answer]!, wrong: q.options[(q.answer + 1) % q.options.length]!,
}))));
export const EXPECTED_TOTAL = 537;

/** Redeems `code`, consents, starts and answers every section (30/28/43 right: 537); answers the order's
 * number. `base`: another server's origin (a side server), else the request context's own. */
export async function takeTestViaApi(request: APIRequestContext, token: string, code: string, base = ''): Promise<{ orderId: string; orderNo: string }> {
  const api = (p: string) => `${base}/api${p}`;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(api(apiPaths.order.create), { headers, data: { license: code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' } } });
  expect(created.status(), await created.text()).toBe(200);
  const { id: orderId, order_no: orderNo } = ((await created.json()) as { data: { id: string; order_no: string } }).data;
  expect((await request.post(api(fillPath(apiPaths.order.consent, { id: orderId })), { headers, data: { rules_version: RULES_VERSION, accepted: true, biometric_version: BIOMETRIC_CONSENT_VERSION } })).status()).toBe(200);
  expect((await request.put(api(fillPath(apiPaths.order.updateStartTest, { id: orderId })), { headers })).status()).toBe(200);
  for (const section of SECTIONS) {
    const res = await request.get(api(fillPath(apiPaths.order.sectionDetail, { id: orderId, section })), { headers });
    expect(res.status(), await res.text()).toBe(200);
    const detail = ((await res.json()) as { data: SectionDetail }).data;
    const key = keyOf(section);
    const answer = detail.exam.parts.map((p) => ({
      part: p.part,
      list_question: p.question_list.flatMap((g) => g.list_question.map((q) => ({
        question_id: q.id, answer: [q.number <= RAW[section] ? key[q.number - 1]!.right : key[q.number - 1]!.wrong],
      }))),
    }));
    // The two photos the SPA's gate takes: without them the server holds the certificate for review (issue 27).
    const images: string[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await request.post(api(apiPaths.media.upload), { headers, multipart: {
        title: 'foto', source: 'upload', file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]) },
      } });
      expect(up.status(), await up.text()).toBe(200);
      images.push(((await up.json()) as { data: { id: string } }).data.id);
    }
    const sent = await request.post(api(apiPaths.order.answer), { headers, data: { id: orderId, section, images, answer, disqualified: false } });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  return { orderId, orderNo };
}

/** The bytes of a download the page starts with `click`. */
export async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]) as [Download, void];
  const path = await download.path();
  return { name: download.suggestedFilename(), body: readFileSync(path) };
}

/** A downloaded CSV's rows (csv-parse; the BOM is dropped). */
export function csvRows(body: Buffer): string[][] {
  return parse(body, { bom: true, relaxColumnCount: false }) as string[][];
}
