// Result rows in bulk for the results tests and bench/results-export.ts: members of an institution,
// one order each in a rotating status (belum mulai, berlangsung, selesai, gugur), scores for the
// finished ones and a few violations, inserted in batches straight into the database.
import { randomBytes } from 'node:crypto';
import type { AppDb } from '../../server/db/client.ts';
import { licences, orders, users, violations } from '../../server/db/schema/index.ts';
import type { OrderStatus } from '../../server/db/schema/index.ts';
import { scoreExam } from '../../server/services/exam/scoring.ts';

export const ROTATING_STATUSES: OrderStatus[] = ['not_started', 'in_progress', 'completed', 'disqualified'];

export interface ResultSeed { institutionId: string; companyId: string; productId: string; count: number; now: Date; prefix?: string }

const BATCH = 1000;

/** Inserts `count` members with one order each; order i has status ROTATING_STATUSES[i % 4] and i % 3 new-tab violations. */
export async function seedResultRows(db: AppDb, s: ResultSeed): Promise<void> {
  const prefix = s.prefix ?? randomBytes(3).toString('hex');
  for (let from = 0; from < s.count; from += BATCH) {
    const idx = Array.from({ length: Math.min(BATCH, s.count - from) }, (_, k) => from + k);
    const members = await db.insert(users).values(idx.map((i) => ({
      email: `hasil-${prefix}-${i}@sekolah.id`, fullname: `Peserta ${prefix} ${String(i).padStart(5, '0')}`, is_b2b: true,
      institution_id: s.institutionId, company_id: s.companyId, created_at: s.now,
    }))).returning({ id: users.id });
    const lics = await db.insert(licences).values(idx.map(() => ({
      code_hash: randomBytes(16).toString('hex'), code_hint: 'HSL1', product_id: s.productId, institution_id: s.institutionId, created_at: s.now,
    }))).returning({ id: licences.id });
    const score = scoreExam({ listening: 30, structure: 28, reading: 43 });
    const made = await db.insert(orders).values(idx.map((i, k) => {
      const status = ROTATING_STATUSES[i % 4]!;
      const at = new Date(s.now.getTime() + i * 60_000);
      const done = status === 'completed';
      return {
        order_no: `EPOT-HSL-${prefix}-${String(i).padStart(5, '0')}`, user_id: members[k]!.id, license_id: lics[k]!.id, product_id: s.productId,
        institution_id: s.institutionId, meta: { job: 'Pelajar', certificate_for: 'Kelulusan' }, status, created_at: at,
        started_at: status === 'not_started' ? null : at, completed_at: done ? at : null, disqualified_at: status === 'disqualified' ? at : null,
        ...(done ? { listening_score: score.converted.listening, structure_score: score.converted.structure, reading_score: score.converted.reading, total_score: score.total, level: score.level, cefr: score.cefr } : {}),
      };
    })).returning({ id: orders.id });
    const tabs = idx.flatMap((i, k) => Array.from({ length: i % 3 }, () => ({ order_id: made[k]!.id, section: 'listening' as const, counter_type: 'open_new_tab' as const, created_at: s.now })));
    if (tabs.length) await db.insert(violations).values(tabs);
  }
}
