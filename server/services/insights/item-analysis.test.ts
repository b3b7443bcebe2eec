// The item analysis in SQL (issue 31) on the demo exam: the figures equal the reference
// statistics computed in Node from the same stored answers, and after a seeded run of simulated
// attempts with known item parameters the flags name exactly the items made bad on purpose.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPart } from '../../../contracts/exam-answer.ts';
import { ITEM_ANALYSIS_MIN_ATTEMPTS } from '../../../contracts/facts/index.ts';
import { orderSections, orders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { activeExamId, insertSimulatedAttempts, planItems, type SimulatedItem } from '../../../tests/server-helpers/insights-simulation.ts';
import { itemAnalysis } from './item-analysis.ts';
import { difficulty, kr20, optionFigures, restPointBiserial } from './statistics.ts';

let t: TestApp;
let examId: string;
let items: SimulatedItem[];
let base: { companyId: string; productId: string; examId: string };

beforeAll(async () => {
  t = await buildTestApp({ seed: true, seedExam: true });
  examId = await activeExamId(t.db);
  items = await planItems(t.db, examId, 31);
  base = { companyId: t.seed!.companyId, productId: t.seed!.productId, examId };
});
afterAll(async () => {
  await t?.cleanup();
});

describe('item analysis', () => {
  it('shows no figures below the minimum number of attempts', async () => {
    await insertSimulatedAttempts(t.db, { ...base, items, count: ITEM_ANALYSIS_MIN_ATTEMPTS - 1, seed: 1 });
    const a = await itemAnalysis(t.db, examId);
    expect(a).toMatchObject({ attempts: ITEM_ANALYSIS_MIN_ATTEMPTS - 1, min_attempts: 30, sufficient: false, items: [], sections: [] });
  });

  it('flags exactly the items made bad on purpose, counting only completed, non-disqualified attempts', async () => {
    await insertSimulatedAttempts(t.db, { ...base, items, count: 240 - (ITEM_ANALYSIS_MIN_ATTEMPTS - 1), seed: 2 });
    // Disqualified attempts and an attempt in progress: never counted.
    await insertSimulatedAttempts(t.db, { ...base, items, count: 40, seed: 3, status: 'disqualified' });
    const [inProgress] = await insertSimulatedAttempts(t.db, { ...base, items, count: 1, seed: 4 });
    await t.db.update(orders).set({ status: 'in_progress', completed_at: null }).where(eq(orders.id, inProgress!));

    const a = await itemAnalysis(t.db, examId);
    expect(a.attempts).toBe(240);
    expect(a.sufficient).toBe(true);
    expect(a.items).toHaveLength(items.length);
    const flagged = a.items.filter((i) => i.flags.length > 0);
    const bad = items.filter((i) => i.bad !== null);
    expect(flagged.map((i) => i.question_id).sort()).toEqual(bad.map((i) => i.id).sort());
    const byId = new Map(a.items.map((i) => [i.question_id, i]));
    for (const b of bad) {
      const flags = byId.get(b.id)!.flags;
      if (b.bad === 'negative_discrimination') expect(flags).toContain('low_discrimination');
      if (b.bad === 'too_easy') expect(flags).toContain('too_easy');
      if (b.bad === 'dead_distractor') expect(flags).toEqual(['dead_distractor']);
    }
    expect(byId.get(bad.find((b) => b.bad === 'negative_discrimination')!.id)!.discrimination!).toBeLessThan(0);
    for (const s of a.sections) {
      expect(s.n).toBe(240);
      expect(s.kr20!).toBeGreaterThan(0.5);
      expect(s.sem!).toBeGreaterThan(0);
    }

    // The SQL figures equal the reference statistics computed in Node from the stored answers.
    const rows = await t.db.select({ order_id: orderSections.order_id, section: orderSections.section, answer: orderSections.answer })
      .from(orderSections).innerJoin(orders, eq(orders.id, orderSections.order_id))
      .where(and(eq(orderSections.exam_id, examId), eq(orders.status, 'completed'), inArray(orderSections.section, ['listening'])));
    const section = items.filter((i) => i.section === 'listening');
    const choices = rows.map((r) => {
      const chosen = new Map<string, string | null>();
      for (const part of r.answer as AnswerPart[]) for (const e of part.list_question) chosen.set(e.question_id, e.answer[0]);
      return section.map((item) => {
        const text = chosen.get(item.id);
        const index = text == null ? -1 : item.options.indexOf(text);
        return index < 0 ? null : index;
      });
    });
    const matrix = choices.map((c) => c.map((x, j) => (x === section[j]!.key ? 1 : 0)));
    const sectionTotals = matrix.map((r) => r.reduce<number>((s, x) => s + x, 0));
    const listening = a.sections.find((s) => s.section === 'listening')!;
    expect(listening.kr20!).toBeCloseTo(kr20(matrix)!, 9);
    section.forEach((item, j) => {
      const got = byId.get(item.id)!;
      expect(got.p!).toBeCloseTo(difficulty(matrix.map((r) => r[j]!))!, 9);
      expect(got.discrimination!).toBeCloseTo(restPointBiserial(matrix, j)!, 9);
      const ref = optionFigures(choices.map((c) => c[j]!), sectionTotals, item.key, item.options.length, rows.map((r) => r.order_id));
      got.options.forEach((o, k) => {
        expect(o.share).toBeCloseTo(ref[k]!.share, 9);
        expect(o.upper_share).toBeCloseTo(ref[k]!.upper_share, 9);
        expect(o.lower_share).toBeCloseTo(ref[k]!.lower_share, 9);
      });
    });
  });
});
