// Many candidates at once, written straight into a database before the server starts (PGlite lets
// one process at a time open its folder): migrate, seed the demo with its exam, then `count` members
// with an order in progress, the listening section started, and a signed token each. For the
// load benchmark and the chaos drills, which then drive a real server process over HTTP.
import type { BlobStore } from '../../server/services/media/blob-store.ts';
import { createDiskStore } from '../../server/services/media/disk-store.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AnswerPart } from '../../contracts/exam-answer.ts';
import { openDatabase, type AppDb } from '../../server/db/client.ts';
import { exams, licences, orders, orderSections, users } from '../../server/db/schema/index.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { hashPassword } from '../../server/services/accounts/passwords.ts';
import { loadSectionContent } from '../../server/services/exam/section-content.ts';
import { systemClock } from '../../server/services/platform/clock.ts';
import { loadJwtSecret, signAccessToken } from '../../server/services/accounts/tokens.ts';
import type { PartLetter } from '../../contracts/facts/index.ts';

export interface BulkCandidate { userId: string; email: string; orderId: string; authorization: string }
export interface ListeningQuestion { id: string; number: number; part: PartLetter; options: string[] }

export interface BulkWorld {
  candidates: BulkCandidate[];
  /** The listening section's questions, in number order. */
  questions: ListeningQuestion[];
  /** `fresh` more candidates whose order is in progress but no section started; their password is FRESH_PASSWORD. */
  fresh: BulkCandidate[];
}

export const FRESH_PASSWORD = 'Beban-Uji-Serentak-2026';

/** Answers in the spec's shape for questions 1..upTo: option `choose(number)` of each. */
export function listeningAnswers(questions: ListeningQuestion[], upTo: number, choose: (questionNumber: number) => number = () => 0): AnswerPart[] {
  const parts = [...new Set(questions.map((q) => q.part))];
  return parts.map((part) => ({
    part,
    list_question: questions.filter((q) => q.part === part && q.number <= upTo)
      .map((q) => ({ question_id: q.id, answer: [q.options[choose(q.number) % q.options.length]!] as [string] })),
  })).filter((p) => p.list_question.length > 0);
}

export async function prepareBulkCandidates(opts: { dataDir: string; databaseUrl?: string; count: number; fresh?: number; store?: BlobStore }): Promise<BulkWorld> {
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  try {
    await database.migrate();
    const seed = await seedDemo(database.db, { store: opts.store ?? createDiskStore(opts.dataDir), clock: systemClock });
    if (!seed) throw new Error('prepareBulkCandidates: expected a fresh database');
    const db = database.db;
    const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.status, 'active')).limit(1);
    const content = await loadSectionContent(db, exam!.id, 'listening');
    const questions = content.parts.flatMap((p) => p.groups.flatMap((g) => g.questions.map((q) => ({
      id: q.id, number: q.number, part: p.part, options: q.options.map((o) => o.text),
    })))).sort((a, b) => a.number - b.number);
    const base = { companyId: seed.companyId, productId: seed.productId, examId: exam!.id };
    const candidates = await insertCandidates(db, { ...base, count: opts.count });
    const fresh = opts.fresh ? await insertCandidates(db, { ...base, count: opts.fresh, password: FRESH_PASSWORD, sectionStarted: false }) : [];
    return { candidates, questions, fresh };
  } finally {
    await database.close();
  }
}

/**
 * `count` members of the company, each with an order in progress and (unless `sectionStarted` is
 * false) the listening section of `examId` started at `startedAt` (default now) with its deadline at
 * `deadline(i)` (default 3 h on). All share `password` (default: a random one nobody knows).
 */
export async function insertCandidates(db: AppDb, opts: {
  count: number; companyId: string; productId: string; examId: string; startedAt?: Date; deadline?: (i: number) => Date;
  password?: string; sectionStarted?: boolean;
}): Promise<BulkCandidate[]> {
  // One hash for everyone: argon2 takes milliseconds each.
  const passwordHash = await hashPassword(opts.password ?? randomBytes(12).toString('hex'));
  const secret = await loadJwtSecret(db, undefined);
  const now = opts.startedAt ?? systemClock.now();
  const deadline = opts.deadline ?? (() => new Date(now.getTime() + 3 * 3600_000));
  const candidates: BulkCandidate[] = [];
  for (let start = 0; start < opts.count; start += 500) {
    const n = Math.min(500, opts.count - start);
    const us = await db.insert(users).values(Array.from({ length: n }, (_, i) => ({
      email: `bulk-${start + i}-${randomBytes(3).toString('hex')}@bulk.epot.local`, password_hash: passwordHash, fullname: `Peserta ${start + i}`,
      date_of_birth: '1999-01-01', place_of_birth: 'Bandung', phone_number: '081234567890', residential_address: 'Jl. Beban 1',
      is_updated_profile: true, company_id: opts.companyId,
    }))).returning({ id: users.id, email: users.email, token_version: users.token_version });
    const lics = await db.insert(licences).values(us.map((u) => ({
      code_hash: randomBytes(16).toString('hex'), code_hint: 'BULK', product_id: opts.productId, redeemed_by: u.id, redeemed_at: now,
    }))).returning({ id: licences.id });
    const os = await db.insert(orders).values(us.map((u, i) => ({
      order_no: `EPOT-BULK-${randomBytes(5).toString('hex')}`, user_id: u.id, license_id: lics[i]!.id, product_id: opts.productId,
      meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status: 'in_progress' as const, started_at: now,
    }))).returning({ id: orders.id });
    if (opts.sectionStarted !== false) {
      await db.insert(orderSections).values(os.map((o, i) => ({
        order_id: o.id, section: 'listening' as const, exam_id: opts.examId, started_at: now, deadline_at: deadline(start + i),
      })));
    }
    for (const [i, u] of us.entries()) {
      candidates.push({ userId: u.id, email: u.email, orderId: os[i]!.id, authorization: `Bearer ${await signAccessToken(secret, u, now)}` });
    }
  }
  return candidates;
}
