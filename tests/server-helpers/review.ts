// Proctor review tests (issue 17) on the fixture exam (appWithFixtureExam): an institution with its
// admin and proctors, attempts made through the candidate API (sections, autosaves, photos, tab
// violations with their time away), ending disqualified or completed.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SectionDetail } from '../../contracts/exam-delivery.ts';
import type { SectionName } from '../../contracts/facts/index.ts';
import { institutions, licences, orders, users, type InstitutionSettings } from '../../server/db/schema/index.ts';
import { SHELL_ACTOR } from '../../server/services/staff/audit.ts';
import { createStaff } from '../../server/services/staff/staff-accounts.ts';
import { answerPattern, call, getSection, keysFor, sectionPhotos, type StartedOrder } from './exam-attempts.ts';
import { bearer, createMember } from './members.ts';
import { STAFF_PASSWORD, staffToken } from './staff.ts';
import type { TestApp } from './test-app.ts';
import { jpegBytes, upload } from './uploads.ts';

export const ALL_CHECKS = { face: true, voice: true, new_tab: true };
export const TAB_FAILS: InstitutionSettings = { identification: ALL_CHECKS, failed: { face: false, voice: false, new_tab: true } };

let seq = 0;

export interface ReviewInstitution {
  id: string;
  admin: string;
  proctor: string;
  /** A second proctor (four eyes). */
  proctor2: string;
  /** Signs in again (staff tokens expire when a test moves the clock by hours). */
  relogin(): Promise<void>;
}

/** A new institution of the seed's company (tab-leaves disqualify) with an admin and two proctors. */
export async function reviewInstitution(t: TestApp, name = `Lembaga ${randomBytes(3).toString('hex')}`): Promise<ReviewInstitution> {
  const [inst] = await t.db.insert(institutions).values({ company_id: t.seed!.companyId, name, settings: TAB_FAILS, created_at: t.clock.now() }).returning();
  const emails: string[] = [];
  for (const role of ['institution-admin', 'proctor', 'proctor'] as const) {
    const email = `${role}-${++seq}-${randomBytes(3).toString('hex')}@review.epot.local`;
    await createStaff(t.db, { email, role, institutionId: inst!.id, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
    emails.push(email);
  }
  const result: ReviewInstitution = {
    id: inst!.id, admin: '', proctor: '', proctor2: '',
    async relogin() {
      const [admin, proctor, proctor2] = await Promise.all(emails.map((e) => staffToken(t, e, STAFF_PASSWORD)));
      Object.assign(result, { admin, proctor, proctor2 });
    },
  };
  await result.relogin();
  return result;
}

export interface Attempt extends StartedOrder { email: string; orderNo: string }

/** A member of the institution with an order in progress (its rules frozen as the start does). */
export async function institutionAttempt(t: TestApp, institutionId: string, fullname = 'Peserta Tinjau'): Promise<Attempt> {
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId, is_b2b: true, institution_id: institutionId, fullname });
  const [lic] = await t.db.insert(licences).values({
    code_hash: randomBytes(16).toString('hex'), code_hint: 'REVW', product_id: t.seed!.productId, institution_id: institutionId,
    redeemed_by: user.id, redeemed_at: t.clock.now(),
  }).returning();
  const [inst] = await t.db.select().from(institutions).where(eq(institutions.id, institutionId));
  const [order] = await t.db.insert(orders).values({
    order_no: `EPOT-TEST-${randomBytes(4).toString('hex')}`, user_id: user.id, license_id: lic!.id, product_id: t.seed!.productId,
    institution_id: institutionId, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status: 'in_progress', started_at: t.clock.now(),
    rules: { active_camera: inst!.active_camera, setting: inst!.settings }, created_at: t.clock.now(),
  }).returning();
  return { orderId: order!.id, userId: user.id, email: user.email, orderNo: order!.order_no, headers: { authorization: await bearer(t.app, user) } };
}

export const DRAFT = '/users/v1/member/order/answer/draft';
export const ANSWER = '/users/v1/member/order/answer/';

/** Opens a section and submits `correct` right answers with the two photos the SPA's gate takes. */
export async function submitSection(t: TestApp, o: StartedOrder, section: SectionName, correct: number): Promise<SectionDetail> {
  const detail = (await getSection(t, o, section)).body.data;
  const answer = answerPattern(detail, await keysFor(t, detail), correct);
  const images = await sectionPhotos(t, o);
  const r = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section, images, answer, disqualified: false } });
  if (r.code !== 200) throw new Error(`submit ${section}: ${r.code} ${JSON.stringify(r.body)}`);
  return detail;
}

/** Opens a section and autosaves `correct` right answers (the draft a disqualification leaves behind). */
export async function draftSection(t: TestApp, o: StartedOrder, section: SectionName, correct: number, headers: Record<string, string> = {}) {
  const detail = (await getSection(t, o, section)).body.data;
  const answer = answerPattern(detail, await keysFor(t, detail), correct);
  const r = await call(t, { method: 'PUT', url: DRAFT, headers: { ...o.headers, ...headers }, payload: { id: o.orderId, section, answer, position: 0 } });
  if (r.code !== 200) throw new Error(`draft ${section}: ${r.code} ${JSON.stringify(r.body)}`);
}

export async function photo(t: TestApp, o: StartedOrder): Promise<string> {
  const r = await upload(t, o.headers.authorization, { filename: 'v.jpg', contentType: 'image/jpeg', data: jpegBytes(200) });
  if (r.code !== 200) throw new Error(`upload: ${r.code}`);
  return r.body.data.id;
}

/**
 * Listening submitted with 2 right, structure autosaved with 1 right, then three tab-leaves of 40 s
 * each in structure (each with its photo and its time away): the server disqualifies at the third.
 */
export async function disqualifyByTabs(t: TestApp, o: StartedOrder): Promise<string[]> {
  await submitSection(t, o, 'listening', 2);
  await draftSection(t, o, 'structure', 1);
  const photos: string[] = [];
  for (let i = 0; i < 3; i++) {
    await call(t, { method: 'POST', url: `/users/v1/member/order/proctoring-event/${o.orderId}`, headers: o.headers, payload: { section: 'structure', kind: 'page-away', detail: '', duration_ms: 40_000 } });
    const id = await photo(t, o);
    photos.push(id);
    const r = await call<{ disqualified: boolean }>(t, {
      method: 'PUT', url: `/users/v1/member/order/update/violation/${o.orderId}`, headers: o.headers,
      payload: { counter_type: 'open_new_tab', section: 'structure', image: id, text_voice: '' },
    });
    if (r.code !== 200) throw new Error(`violation: ${r.code} ${JSON.stringify(r.body)}`);
  }
  return photos;
}

/** All three sections submitted (listening 3, structure 2, reading 1 right); the certificate issued by detail-full. */
export async function completeAttempt(t: TestApp, o: StartedOrder): Promise<void> {
  await submitSection(t, o, 'listening', 3);
  await submitSection(t, o, 'structure', 2);
  await submitSection(t, o, 'reading', 1);
  const full = await call(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
  if (full.code !== 200) throw new Error(`detail-full: ${full.code}`);
}

export async function memberEmail(t: TestApp, userId: string): Promise<string> {
  const [u] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u!.email;
}
