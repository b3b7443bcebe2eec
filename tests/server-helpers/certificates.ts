// Completed orders for certificate tests, written straight into the database (scored as the
// attempts service would), so paging and verification tests need no exam content.
import { randomBytes } from 'node:crypto';
import type { AppDb } from '../../server/db/client.ts';
import { licences, orderSections, orders, products } from '../../server/db/schema/index.ts';
import { scoreExam, type SectionScores } from '../../server/services/exam/scoring.ts';

export interface CompletedOrder { orderId: string; orderNo: string; licenceId: string }

/** `completedAt`: the test date (usually `t.clock.now()`); certificates are valid for a year from it. */
export async function completedOrder(db: AppDb, userId: string, opts: {
  completedAt: Date; raw?: SectionScores; institutionId?: string | null; productId?: string;
}): Promise<CompletedOrder> {
  const productId = opts.productId ?? (await db.select({ id: products.id }).from(products).limit(1))[0]!.id;
  const raw = opts.raw ?? { listening: 30, structure: 28, reading: 43 };
  const score = scoreExam(raw);
  const completedAt = opts.completedAt;
  const [lic] = await db.insert(licences).values({
    code_hash: randomBytes(16).toString('hex'), code_hint: 'TEST', product_id: productId, institution_id: opts.institutionId ?? null,
    redeemed_by: userId, redeemed_at: completedAt,
  }).returning();
  const [order] = await db.insert(orders).values({
    order_no: `EPOT-TEST-${randomBytes(5).toString('hex').toUpperCase()}`, user_id: userId, license_id: lic!.id, product_id: productId,
    institution_id: opts.institutionId ?? null, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' }, status: 'completed',
    started_at: new Date(completedAt.getTime() - 7_200_000), completed_at: completedAt,
    listening_score: score.converted.listening, structure_score: score.converted.structure, reading_score: score.converted.reading,
    total_score: score.total, level: score.level, cefr: score.cefr,
  }).returning();
  await db.insert(orderSections).values((['listening', 'structure', 'reading'] as const).map((section) => ({
    order_id: order!.id, section, started_at: completedAt, deadline_at: completedAt, submitted_at: completedAt,
    closed_by: 'submitted' as const, answer: [], raw_correct: raw[section], converted: score.converted[section],
  })));
  return { orderId: order!.id, orderNo: order!.order_no, licenceId: lic!.id };
}
