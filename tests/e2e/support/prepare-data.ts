// Makes the e2e run's test data on a fresh data folder BEFORE the server starts (the server then
// holds the PGlite folder): migrate and seed the demo (with its exam), then the operator CLI issues
// licence codes, creates a second institution with no identification checks and adds members. The
// CLI has no profile command (members fill it in on first login), so the profiles are completed
// directly in the database. Writes the JSON described in ./test-data.ts.
import { createDiskStore } from '../../../server/services/media/disk-store.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { runAdmin } from '../../../server/cli/admin.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo-seed.ts';
import { redeemLicence } from '../../../server/services/orders/orders.ts';
import { INSTITUTION_KEYS, POOL_NAMES, type E2eData, type E2eMember, type E2ePool, type InstitutionKey } from './test-data.ts';
import { systemClock } from '../../../server/services/platform/clock.ts';
import { RULES_VERSION } from '../../../contracts/orders.ts';
import { BIOMETRIC_CONSENT_VERSION } from '../../../contracts/facts/index.ts';
import { getOrStartSection } from '../../../server/services/exam/attempts.ts';
import { recordConsent, startTest } from '../../../server/services/orders/preparation.ts';
import { recordProctoringEvent, recordViolation } from '../../../server/services/proctoring/proctoring.ts';
import { storeUpload } from '../../../server/services/proctoring/uploads.ts';
import { submitAppeal } from '../../../server/services/review/appeals.ts';
import { ensureRisks } from '../../../server/services/review/evidence.ts';
import { issueCertificate } from '../../../server/services/certificates/certificates.ts';
import { completedOrder } from '../../server-helpers/certificates.ts';
import { activeExamId, insertSimulatedAttempts, planItems } from '../../server-helpers/insights-simulation.ts';

const INDIVIDUAL_CODES = 10;
const INDIVIDUAL_MEMBERS = 3;
const INSTITUTION_CODES = 5;
/** Spare licences per kind for retried tests: CI retries each failed test once. */
const RETRY_CODES = 12;
const INSTITUTION_MEMBERS = 2;
const CODE_RE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

async function admin(dataDir: string, args: string[]): Promise<string[]> {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runAdmin(args, { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' }, (l) => out.push(l), (l) => errors.push(l));
  if (code !== 0) throw new Error(`admin ${args.join(' ')} failed (${code}): ${errors.join('\n')}`);
  return out;
}

async function issueCodes(dataDir: string, count: number, institutionId?: string): Promise<string[]> {
  const lines = await admin(dataDir, ['licence', 'issue', '--count', String(count), ...(institutionId ? ['--institution', institutionId] : [])]);
  const codes = lines.map((l) => l.trim()).filter((l) => CODE_RE.test(l));
  if (codes.length !== count) throw new Error(`expected ${count} codes, got ${codes.length}`);
  return codes;
}

async function addMembers(dataDir: string, tag: string, count: number, institutionId?: string): Promise<E2eMember[]> {
  const wanted = Array.from({ length: count }, (_, i) => ({
    email: `e2e-${tag}-${i + 1}@epot.test`, fullname: `Peserta ${tag.replace(/[^a-z0-9]+/gi, ' ')} ${i + 1}`.replace(/\s+/g, ' '),
  }));
  const csv = join(dataDir, `members-${tag}.csv`);
  writeFileSync(csv, ['email,fullname', ...wanted.map((m) => `${m.email},${m.fullname}`)].join('\n') + '\n');
  const lines = await admin(dataDir, ['member', 'import', csv, ...(institutionId ? ['--institution', institutionId] : [])]);
  const passwords = new Map(lines.map((l) => l.trim().split(/\s+/)).filter((p) => p.length === 2).map(([e, p]) => [e!, p!]));
  return wanted.map((m) => {
    const password = passwords.get(m.email);
    if (!password) throw new Error(`no password printed for ${m.email}`);
    return { ...m, password };
  });
}

/**
 * The accessibility spec's candidate with extra time: the order is redeemed directly (as the
 * redeem route does) and the operator grants ×1.5 with the CLI, as before a real test.
 */
async function grantExtraTime(dataDir: string, member: E2eMember, code: string): Promise<E2eData['accommodated']> {
  const database = await openDatabase({ dataDir });
  let orderId: string;
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const { order } = await redeemLicence(database.db, {
      userId: user!.id, code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' }, now: systemClock.now(),
    });
    orderId = order.id;
  } finally {
    await database.close();
  }
  await admin(dataDir, ['accommodations', 'set', '--order', orderId, '--factor', '1.5']);
  return { email: member.email, orderId, factor: 1.5 };
}

/**
 * The insights spec's cohorts (issue 31): an institution of its own with INSIGHTS_COHORT simulated
 * attempts of the active exam over three months (known item parameters, three items bad on purpose:
 * tests/server-helpers/insights-simulation.ts), and a few of the second institution, under the
 * comparison's minimum group. Completed, scored orders in the normal tables.
 */
const INSIGHTS_COHORT = 220;
async function insightsCohorts(dataDir: string, companyId: string, productId: string, otherInstitutionId: string): Promise<E2eData['insights']> {
  const created = await admin(dataDir, ['institution', 'create', '--name', 'Lembaga Statistik', '--company', companyId]);
  const institutionId = /created institution (\S+)/.exec(created.join('\n'))?.[1];
  if (!institutionId) throw new Error(`no institution id in: ${created.join(' ')}`);
  const adminAccount = { email: 'admin-statistik@epot.test', password: 'Admin-Statistik-rahasia-4' };
  await admin(dataDir, ['staff', 'add', '--email', adminAccount.email, '--role', 'institution-admin', '--institution', institutionId,
    '--password', adminAccount.password, '--name', 'Admin Statistik']);
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const examId = await activeExamId(db);
    const items = await planItems(db, examId, 7);
    const base = { companyId, productId, examId, items };
    await insertSimulatedAttempts(db, { ...base, institutionId, count: INSIGHTS_COHORT, seed: 31, completedAt: (i) => new Date(Date.UTC(2026, 8 + (i % 3), 5 + (i % 20), 3)) });
    await insertSimulatedAttempts(db, { ...base, institutionId: otherInstitutionId, count: 8, seed: 32, completedAt: () => new Date(Date.UTC(2026, 9, 12, 3)) });
    return { institutionId, admin: adminAccount, examId, cohort: INSIGHTS_COHORT, bad: items.filter((i) => i.bad).map((i) => ({ section: i.section, number: i.number })) };
  } finally {
    await database.close();
  }
}

/** Members of the demo institution added for the look-check's long member list (issue 32). */
const LOOK_LIST_MEMBERS = 40;

/**
 * The look-check's attempt (issue 32), made through the services the routes call: a member of the
 * demo institution (all checks on) consents, starts, gets two face warnings with a photo, a page-away
 * episode, then leaves the page three times with a photo each and is disqualified; they appeal, so
 * the attempt sits in the review queue with an open appeal.
 */
async function violatedAttempt(dataDir: string, member: E2eMember, code: string): Promise<Omit<E2eData['look'], 'certified' | 'sessionId'>> {
  const database = await openDatabase({ dataDir });
  const store = createDiskStore(dataDir);
  const limits = { maxBytes: 1_000_000, quotaFiles: 50, quotaBytes: 10_000_000 };
  const photo = new Uint8Array(readFileSync(new URL('./look-photo.jpg', import.meta.url)));
  let t = systemClock.now().getTime() - 20 * 60_000;
  const at = (seconds: number) => new Date((t += seconds * 1000));
  try {
    const db = database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const userId = user!.id;
    const { order } = await redeemLicence(db, { userId, code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' }, now: at(0) });
    await recordConsent(db, order, { rulesVersion: RULES_VERSION, biometricVersion: BIOMETRIC_CONSENT_VERSION, ip: '127.0.0.1', userAgent: 'e2e', now: at(30) });
    const started = await startTest(db, order, at(30));
    await getOrStartSection(db, started, 'listening', at(5));
    const shot = async () => (await storeUpload(db, store, { ownerId: userId, title: 'foto', bytes: photo, now: at(20) }, limits)).id;
    for (let i = 0; i < 2; i++) await recordViolation(db, userId, order.id, { section: 'listening', counter_type: 'face', image: await shot(), text_voice: '' }, at(40));
    await recordProctoringEvent(db, started, { section: 'listening', kind: 'page-away', detail: '', duration_ms: 12_000 }, at(30));
    for (let i = 0; i < 3; i++) await recordViolation(db, userId, order.id, { section: 'listening', counter_type: 'open_new_tab', image: await shot(), text_voice: '' }, at(60));
    await submitAppeal(db, userId, order.id, 'Saya tidak membuka tab lain; jendela pemberitahuan laptop saya muncul sendiri saat tes berlangsung.', at(120));
    await ensureRisks(db, { orderIds: [order.id] });
    return { email: member.email, orderId: order.id };
  } finally {
    await database.close();
  }
}

/**
 * The look-check's certified order (issue 32): a completed individual test (scored 537, written as
 * the attempts service would) with its certificate and printed-certificate shipment, so /reward
 * lists a certificate and its tracking page has a history.
 */
async function certifiedOrder(dataDir: string, member: E2eMember): Promise<{ email: string; orderId: string }> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const { orderId } = await completedOrder(db, user!.id, { completedAt: new Date(systemClock.now().getTime() - 3_600_000) });
    // The QR's origin is the configured one in production; here any origin does (the check only looks).
    const cert = await issueCertificate({ db, store: createDiskStore(dataDir), clock: systemClock }, orderId, 'http://127.0.0.1');
    if (!cert) throw new Error('the look pool\'s certificate was not issued');
    return { email: member.email, orderId };
  } finally {
    await database.close();
  }
}

export async function prepareE2eData(dataDir: string, file = join(dataDir, 'e2e-data.json')): Promise<{ file: string; data: E2eData }> {
  const database = await openDatabase({ dataDir });
  let seed;
  try {
    await database.migrate();
    seed = await seedDemo(database.db, { store: createDiskStore(dataDir), clock: systemClock });
  } finally {
    await database.close();
  }
  if (!seed) throw new Error(`${dataDir} was seeded before: the e2e data needs a fresh folder`);

  const created = await admin(dataDir, ['institution', 'create', '--name', 'Lembaga Tanpa Identifikasi', '--company', seed.companyId,
    '--camera', 'on', '--identification', 'none', '--failed', 'none']);
  const noIdId = /created institution (\S+)/.exec(created.join('\n'))?.[1];
  if (!noIdId) throw new Error(`no institution id in: ${created.join(' ')}`);
  const institutionIds: Record<InstitutionKey, string> = { demo: seed.institutionId, noIdentification: noIdId };

  const pools = {} as Record<(typeof POOL_NAMES)[number], E2ePool>;
  // One batch per kind, then sliced per pool: fewer CLI runs, each one reopening the database.
  const individualCodes = await issueCodes(dataDir, INDIVIDUAL_CODES * POOL_NAMES.length);
  const individualMembers = await addMembers(dataDir, 'individual', INDIVIDUAL_MEMBERS * POOL_NAMES.length);
  const perInstitution = {} as Record<InstitutionKey, { codes: string[]; members: E2eMember[] }>;
  for (const key of INSTITUTION_KEYS) {
    perInstitution[key] = {
      codes: await issueCodes(dataDir, INSTITUTION_CODES * POOL_NAMES.length, institutionIds[key]),
      members: await addMembers(dataDir, key.toLowerCase(), INSTITUTION_MEMBERS * POOL_NAMES.length, institutionIds[key]),
    };
  }
  // Codes a retry takes when its first try redeemed its own (tests/e2e/support/orders.ts).
  const retryCodes = { individual: await issueCodes(dataDir, RETRY_CODES) } as E2eData['retryCodes'];
  for (const key of INSTITUTION_KEYS) retryCodes[key] = await issueCodes(dataDir, RETRY_CODES, institutionIds[key]);
  POOL_NAMES.forEach((name, i) => {
    const slice = <T>(list: T[], n: number) => list.slice(i * n, (i + 1) * n);
    pools[name] = {
      individualCodes: slice(individualCodes, INDIVIDUAL_CODES),
      individualMembers: slice(individualMembers, INDIVIDUAL_MEMBERS),
      institutions: Object.fromEntries(INSTITUTION_KEYS.map((key) => [key, {
        codes: slice(perInstitution[key].codes, INSTITUTION_CODES),
        members: slice(perInstitution[key].members, INSTITUTION_MEMBERS),
      }])) as E2ePool['institutions'],
    };
  });

  // Complete profiles, so the members are not held on /account.
  const emails = [...individualMembers, ...INSTITUTION_KEYS.flatMap((k) => perInstitution[k].members)].map((m) => m.email);
  const db2 = await openDatabase({ dataDir });
  try {
    await db2.db.update(users).set({
      date_of_birth: '1998-05-17', place_of_birth: 'Surabaya', phone_number: '081300000000',
      residential_address: 'Jl. Pemuda 12, Surabaya', is_updated_profile: true,
    }).where(inArray(users.email, emails));
  } finally {
    await db2.close();
  }

  const look = {
    ...await violatedAttempt(dataDir, pools.look.institutions.demo.members[0]!, pools.look.institutions.demo.codes[0]!),
    certified: await certifiedOrder(dataDir, pools.look.individualMembers[2]!),
  };
  const listed = await addMembers(dataDir, 'look-list', LOOK_LIST_MEMBERS, seed.institutionId);
  // A test-day session open now (issue 30) with the long list and the disqualified member, for the
  // look-check's sessions list and live view (the CLI prints the new session's id first).
  const wib = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const [sessionLine] = await admin(dataDir, ['session', 'create', '--institution', seed.institutionId, '--name', 'Sesi Lab Bahasa (look-check)',
    '--opens', wib(Date.now() - 3_600_000), '--last-start', wib(Date.now() + 3_600_000), '--closes', wib(Date.now() + 4 * 3_600_000),
    ...[pools.look.institutions.demo.members[0]!, ...listed].flatMap((m) => ['--email', m.email])]);
  const sessionId = sessionLine!.split(' ')[0]!;
  const insights = await insightsCohorts(dataDir, seed.companyId, seed.productId, noIdId);
  const accommodated = await grantExtraTime(dataDir, pools.accessibility.individualMembers[0]!, pools.accessibility.individualCodes[0]!);
  // Staff console accounts (tests/e2e/specs/staff-console.spec.ts): an operator who must enrol TOTP
  // (the demo operator is exempt) and the admin of the second institution (the 404 sweep); the
  // demo institution's proctor reviews attempts (tests/e2e/specs/review.spec.ts).
  const staff = {
    operator: { email: 'operator-e2e@epot.test', password: 'Operator-E2E-rahasia-1' },
    otherAdmin: { email: 'admin-lain@epot.test', password: 'Admin-Lain-rahasia-22', institutionId: noIdId },
    proctor: { email: 'pengawas-e2e@epot.test', password: 'Pengawas-E2E-rahasia-3', institutionId: seed.institutionId },
  };
  await admin(dataDir, ['staff', 'add', '--email', staff.operator.email, '--role', 'operator', '--password', staff.operator.password, '--name', 'Operator E2E']);
  await admin(dataDir, ['staff', 'add', '--email', staff.otherAdmin.email, '--role', 'institution-admin', '--institution', noIdId,
    '--password', staff.otherAdmin.password, '--name', 'Admin Lembaga Lain']);
  await admin(dataDir, ['staff', 'add', '--email', staff.proctor.email, '--role', 'proctor', '--institution', seed.institutionId,
    '--password', staff.proctor.password, '--name', 'Pengawas E2E']);

  const all = { face: true, voice: true, new_tab: true };
  const none = { face: false, voice: false, new_tab: false };
  const data: E2eData = {
    version: 1,
    companyId: seed.companyId,
    demo: {
      password: DEMO_PASSWORD, logins: seed.logins, institutionId: seed.institutionId,
      individualCodes: seed.individualCodes, institutionCodes: seed.institutionCodes,
    },
    institutions: {
      demo: { id: seed.institutionId, name: 'Lembaga Demo', active_camera: true, identification: all },
      noIdentification: { id: noIdId, name: 'Lembaga Tanpa Identifikasi', active_camera: true, identification: none },
    },
    pools,
    retryCodes,
    accommodated,
    look: { ...look, sessionId },
    staff,
    insights,
  };
  writeFileSync(file, JSON.stringify(data, null, 2), { mode: 0o600 });
  return { file, data };
}
