// Issue 31: simulated attempts with known item parameters, stored through the normal tables
// (users, licences, orders, order_sections with the answers in the spec's format), for the item
// analysis test and bench/insights.ts. A two-parameter logistic model: ability θ ~ N(0, 1), item i
// answered right with probability 1 / (1 + exp(−a_i (θ − b_i))); a wrong answer picks one of the
// item's distractors (a dead distractor is never picked). Deterministic: the same seed gives the
// same attempts.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { AnswerPart } from '../../contracts/exam-answer.ts';
import { SECTION_NAMES, type SectionName } from '../../contracts/facts/index.ts';
import type { AppDb } from '../../server/db/client.ts';
import { answerKeys, exams, licences, orders, orderSections, users } from '../../server/db/schema/index.ts';
import { loadSectionContent } from '../../server/services/exam/section-content.ts';
import { scoreExam } from '../../server/services/exam/scoring.ts';

/** mulberry32: a small deterministic PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number): number {
  // Box-Muller
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export type BadKind = 'negative_discrimination' | 'too_easy' | 'dead_distractor';

export interface SimulatedItem {
  id: string; section: SectionName; number: number; part: AnswerPart['part']; options: string[]; key: number;
  a: number; b: number;
  /** Never chosen (a dead distractor). */
  dead: number | null;
  bad: BadKind | null;
}

/** The default bad items: one of each kind, by section and question number. */
export const DEFAULT_BAD: { section: SectionName; number: number; kind: BadKind }[] = [
  { section: 'listening', number: 2, kind: 'negative_discrimination' },
  { section: 'structure', number: 3, kind: 'too_easy' },
  { section: 'reading', number: 4, kind: 'dead_distractor' },
];

/** The exam's items with their simulated parameters. */
export async function planItems(db: AppDb, examId: string, seed: number, bad = DEFAULT_BAD): Promise<SimulatedItem[]> {
  const rand = prng(seed ^ 0x9e3779b9);
  const items: SimulatedItem[] = [];
  for (const section of SECTION_NAMES) {
    const content = await loadSectionContent(db, examId, section);
    const ids = [...content.questionIds];
    const keys = new Map((await db.select().from(answerKeys).where(inArray(answerKeys.question_id, ids))).map((k) => [k.question_id, k.correct_index]));
    for (const part of content.parts) {
      for (const q of part.groups.flatMap((g) => g.questions)) {
        const key = keys.get(q.id)!;
        const kind = bad.find((x) => x.section === section && x.number === q.number)?.kind ?? null;
        const item: SimulatedItem = {
          id: q.id, section, number: q.number, part: part.part, options: q.options.map((o) => o.text), key,
          a: 1.2 + rand(), b: -0.7 + 1.5 * rand(), dead: null, bad: kind,
        };
        if (kind === 'negative_discrimination') Object.assign(item, { a: -1.5, b: 0 });
        if (kind === 'too_easy') Object.assign(item, { a: 1.5, b: -5 });
        if (kind === 'dead_distractor') item.dead = (key + 1) % item.options.length;
        items.push(item);
      }
    }
  }
  return items;
}

function answerItem(item: SimulatedItem, theta: number, rand: () => number): string | null {
  if (rand() < 0.01) return null; // left unanswered now and then
  const pRight = 1 / (1 + Math.exp(-item.a * (theta - item.b)));
  if (rand() < pRight) return item.options[item.key]!;
  const distractors = item.options.map((_, i) => i).filter((i) => i !== item.key && i !== item.dead);
  return item.options[distractors[Math.floor(rand() * distractors.length)]!]!;
}

export interface SimulationOptions {
  companyId: string; productId: string; examId: string; institutionId?: string | null;
  count: number; seed: number; items: SimulatedItem[];
  /** Order status of the simulated attempts (default 'completed'). */
  status?: 'completed' | 'disqualified';
  completedAt?: (i: number) => Date;
  batch?: number;
}

/** Inserts `count` attempts; returns their order ids. */
export async function insertSimulatedAttempts(db: AppDb, opts: SimulationOptions): Promise<string[]> {
  const rand = prng(opts.seed);
  const batch = opts.batch ?? 500;
  const status = opts.status ?? 'completed';
  const ids: string[] = [];
  const tag = randomBytes(4).toString('hex');
  for (let start = 0; start < opts.count; start += batch) {
    const n = Math.min(batch, opts.count - start);
    const when = Array.from({ length: n }, (_, i) => opts.completedAt?.(start + i) ?? new Date(Date.UTC(2026, 10, 1, 8)));
    const us = await db.insert(users).values(Array.from({ length: n }, (_, i) => ({
      email: `sim-${tag}-${start + i}@sim.epot.local`, password_hash: 'x', fullname: `Simulasi ${start + i}`,
      date_of_birth: '1999-01-01', place_of_birth: 'Bandung', phone_number: '081234567890', residential_address: 'Jl. Simulasi 1',
      is_updated_profile: true, company_id: opts.companyId, institution_id: opts.institutionId ?? null,
    }))).returning({ id: users.id });
    const lics = await db.insert(licences).values(us.map((u, i) => ({
      code_hash: randomBytes(16).toString('hex'), code_hint: 'SIM', product_id: opts.productId, redeemed_by: u.id, redeemed_at: when[i]!,
    }))).returning({ id: licences.id });
    const sections: (typeof orderSections.$inferInsert)[] = [];
    const orderRows: (typeof orders.$inferInsert)[] = [];
    for (let i = 0; i < n; i++) {
      const theta = normal(rand);
      const raw: Record<string, number> = {};
      const answers: Record<string, AnswerPart[]> = {};
      for (const section of SECTION_NAMES) {
        const parts = new Map<string, AnswerPart>();
        let correct = 0;
        for (const item of opts.items.filter((x) => x.section === section)) {
          const chosen = answerItem(item, theta, rand);
          if (chosen === item.options[item.key]) correct++;
          const part = parts.get(item.part) ?? { part: item.part, list_question: [] };
          part.list_question.push({ question_id: item.id, answer: [chosen] });
          parts.set(item.part, part);
        }
        raw[section] = correct;
        answers[section] = [...parts.values()];
      }
      const score = scoreExam({ listening: raw.listening!, structure: raw.structure!, reading: raw.reading! });
      orderRows.push({
        order_no: `EPOT-SIM-${tag}-${start + i}`, user_id: us[i]!.id, license_id: lics[i]!.id, product_id: opts.productId,
        institution_id: opts.institutionId ?? null, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status,
        started_at: new Date(when[i]!.getTime() - 3 * 3600_000), completed_at: status === 'completed' ? when[i]! : null,
        disqualified_at: status === 'disqualified' ? when[i]! : null, evidence_required: false,
        listening_score: score.converted.listening, structure_score: score.converted.structure, reading_score: score.converted.reading,
        total_score: score.total, level: score.level, cefr: score.cefr,
      });
      for (const section of SECTION_NAMES) {
        sections.push({
          order_id: '', section, exam_id: opts.examId, started_at: when[i]!, deadline_at: when[i]!, submitted_at: when[i]!,
          closed_by: 'submitted', answer: answers[section], raw_correct: raw[section],
        });
      }
    }
    const os = await db.insert(orders).values(orderRows).returning({ id: orders.id });
    os.forEach((o, i) => { for (let s = 0; s < 3; s++) sections[i * 3 + s]!.order_id = o.id; });
    await db.insert(orderSections).values(sections);
    ids.push(...os.map((o) => o.id));
  }
  return ids;
}

/** The exam id of the active demo exam. */
export async function activeExamId(db: AppDb): Promise<string> {
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.status, 'active')).limit(1);
  return exam!.id;
}
