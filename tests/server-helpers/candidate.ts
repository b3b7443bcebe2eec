// A candidate with something of everything a member owns, made through the API where it matters:
// an order in progress with its listening section started, a draft, a photo and a violation; an
// order not started yet; a completed order with its certificate. Sweeps use these ids as "the
// member's own" (fuzzing) or as "someone else's" (ownership). Needs buildTestApp({ seed, seedExam }).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { certificates, examParts, exams, licences, orders, questionGroups, questions, users } from '../../server/db/schema/index.ts';
import { loadMediaUrlSigner, type MediaUrlSigner } from '../../server/services/media/media-urls.ts';
import type { UserRow } from '../../server/services/accounts/members.ts';
import { completedOrder } from './certificates.ts';
import { bearer, createMember } from './members.ts';
import type { TestApp } from './test-app.ts';
import { jpegBytes, upload } from './uploads.ts';

export interface CandidateIds {
  startedOrderId: string;
  startedLicenceId: string;
  notStartedOrderId: string;
  notStartedLicenceId: string;
  completedOrderId: string;
  completedOrderNo: string;
  certificateId: string;
  certificateNumber: string;
  mediaId: string;
}

export interface Candidate {
  user: UserRow;
  password: string;
  ids: CandidateIds;
  /** `Bearer …` signed now for the member's current token_version (still valid after a logout elsewhere). */
  authorization(): Promise<string>;
  /** A new order in progress with its listening section started replaces `startedOrderId`/`startedLicenceId`. */
  refresh(): Promise<void>;
}

async function orderFor(t: TestApp, userId: string, status: 'in_progress' | 'not_started') {
  const [lic] = await t.db.insert(licences).values({
    code_hash: randomBytes(16).toString('hex'), code_hint: 'TEST', product_id: t.seed!.productId, redeemed_by: userId, redeemed_at: t.clock.now(),
  }).returning();
  const [order] = await t.db.insert(orders).values({
    order_no: `EPOT-TEST-${randomBytes(4).toString('hex')}`, user_id: userId, license_id: lic!.id, product_id: t.seed!.productId,
    meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status, started_at: status === 'in_progress' ? t.clock.now() : null,
  }).returning();
  return { orderId: order!.id, licenceId: lic!.id };
}

export async function prepareCandidate(t: TestApp): Promise<Candidate> {
  const { user, password } = await createMember(t.db, { company_id: t.seed!.companyId });
  // Signing is deterministic (HS256 over sub, tv, iat and exp in whole seconds of the app's clock), so
  // a token signed for the same token_version in the same second of app.clock is the one a new
  // signature would make: reuse it (the HTTP fuzzer asks once per case; issue 26).
  let last: { key: string; header: string } | undefined;
  const authorization = async () => {
    const [row] = await t.db.select({ id: users.id, token_version: users.token_version }).from(users).where(eq(users.id, user.id));
    const keyNow = () => `${row!.token_version}:${Math.floor(t.app.clock.now().getTime() / 1000)}`;
    const key = keyNow();
    if (last?.key === key) return last.header;
    const header = await bearer(t.app, row!);
    // Kept only when the second did not change while signing: then it is the token's own iat.
    last = keyNow() === key ? { key, header } : undefined;
    return header;
  };
  const call = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: await authorization() }, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`prepareCandidate: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json<{ data: unknown }>();
  };

  const startOne = async () => {
    const o = await orderFor(t, user.id, 'in_progress');
    await call('GET', `/users/v1/member/order/detail/${o.orderId}/listening`);
    await call('PUT', '/users/v1/member/order/answer/draft', { id: o.orderId, section: 'listening', answer: [], position: 0 });
    return o;
  };
  const started = await startOne();
  const notStarted = await orderFor(t, user.id, 'not_started');
  const photo = await upload(t, await authorization(), { filename: 'foto.jpg', contentType: 'image/jpeg', data: jpegBytes(256) });
  if (photo.code !== 200) throw new Error(`prepareCandidate: upload answered ${photo.code}`);
  await call('PUT', `/users/v1/member/order/update/violation/${started.orderId}`, { counter_type: 'open_new_tab', section: 'listening', image: photo.body.data.id });

  const done = await completedOrder(t.db, user.id, { productId: t.seed!.productId, completedAt: t.clock.now() });
  // detail-full issues the certificate of a completed order that lacks one.
  await call('GET', `/users/v1/member/order/detail-full/${done.orderId}`);
  const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, done.orderId));
  if (!cert) throw new Error('prepareCandidate: no certificate was issued');

  const candidate: Candidate = {
    user, password, authorization,
    async refresh() {
      const o = await startOne();
      candidate.ids.startedOrderId = o.orderId;
      candidate.ids.startedLicenceId = o.licenceId;
    },
    ids: {
      startedOrderId: started.orderId, startedLicenceId: started.licenceId,
      notStartedOrderId: notStarted.orderId, notStartedLicenceId: notStarted.licenceId,
      completedOrderId: done.orderId, completedOrderNo: done.orderNo,
      certificateId: cert.id, certificateNumber: cert.number, mediaId: photo.body.data.id,
    },
  };
  return candidate;
}

/** What the requests of a sweep need besides a candidate's own ids. */
export interface SweepFacts { companyId: string; examId: string; questionId: string; signer: MediaUrlSigner; accessKey: string }

export async function sweepFacts(t: TestApp): Promise<SweepFacts> {
  const [exam] = await t.db.select({ id: exams.id }).from(exams).where(eq(exams.status, 'active')).limit(1);
  if (!exam) throw new Error('sweepFacts: no active exam (buildTestApp({ seed: true, seedExam: true }))');
  const [question] = await t.db.select({ id: questions.id }).from(questions)
    .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id)).innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
    .where(and(eq(examParts.exam_id, exam.id), eq(examParts.section, 'listening'))).limit(1);
  const signer = await loadMediaUrlSigner(t.db, t.config.jwtSecret, { apiBase: t.config.apiBase, ttlSeconds: t.config.mediaUrlTtlSeconds, clock: t.clock });
  return { companyId: t.seed!.companyId, examId: exam.id, questionId: question!.id, signer, accessKey: t.config.accessKey };
}

/**
 * The candidate's own value for each field or parameter name a route may take, so a request built
 * from the route's schema gets past validation and ownership to the handler. A route's `:id` means
 * the resource its path names (company, exam, question, media; otherwise the order in progress).
 */
export function valuesFor(c: Candidate, url: string, f: SweepFacts): Record<string, unknown> {
  const signed = new URL(f.signer.url(c.ids.mediaId), 'http://x');
  const values: Record<string, unknown> = {
    id: c.ids.startedOrderId, license: c.ids.startedOrderId, section: 'listening', order_id: c.ids.completedOrderId,
    sertificate_id: c.ids.certificateId, image: c.ids.mediaId, images: [c.ids.mediaId], number: c.ids.certificateNumber,
    order_no: c.ids.completedOrderNo, email: c.user.email, password: c.password, current_password: c.password,
    new_password: 'Kuda-Lari-99', conf_new_password: 'Kuda-Lari-99', access_key: f.accessKey, question_id: f.questionId,
  };
  if (url.includes('/company/')) values.id = f.companyId;
  if (url.includes('/exam/v1/detail/')) values.id = f.examId;
  if (url.includes('/bank/v1/question')) values.id = f.questionId;
  if (url.includes('/shipping/tracking/')) values.id = c.ids.completedOrderId;
  if (url.includes('/storage/v1/media/')) Object.assign(values, { id: c.ids.mediaId, exp: Number(signed.searchParams.get('exp')), sig: signed.searchParams.get('sig') });
  // A licence code (not an id) that does not exist: creating orders is not what sweeps are for.
  if (url.endsWith('/order/create')) values.license = 'ABCD-EFGH-JKLM';
  return values;
}
