// The stored evidence of finished attempts, loaded in batches for the risk formula (risk.ts), and the
// risk rows themselves (attempt_reviews): made the first time the queue, a timeline, the simulator or
// the retention sweep needs them. A finished attempt's evidence no longer changes (violations and
// events are refused once the order is finished), so a row is computed once per formula version.
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { attemptActivity, attemptReviews, deviceReports, orderSections, orders, proctoringEvents, proctoringHeartbeats, violations } from '../../db/schema/index.ts';
import { isIncomplete } from '../proctoring/evidence-gaps.ts';
import { loadEvidenceGaps } from '../proctoring/evidence.ts';
import { computeRisk, RISK_FORMULA_VERSION, type RiskEvidence } from './risk.ts';

type Db = AppDb | AppTx;

/** The formula version that first judged the evidence (issue 27). */
const EVIDENCE_JUDGED_FROM = 3;

const empty = (): RiskEvidence => ({ violations: [], events: [], deviceReports: [], reloads: 0, sectionEnds: {} });

/** Evidence per order id (every id gets an entry, empty when nothing was stored). */
export async function loadEvidence(db: Db, orderIds: string[]): Promise<Map<string, RiskEvidence>> {
  const out = new Map(orderIds.map((id) => [id, empty()]));
  if (orderIds.length === 0) return out;
  const [vs, evs, devs, reloads, secs, gaps, beats] = await Promise.all([
    db.select({ order_id: violations.order_id, kind: violations.counter_type, section: violations.section, at: violations.created_at })
      .from(violations).where(inArray(violations.order_id, orderIds)),
    db.select({ order_id: proctoringEvents.order_id, kind: proctoringEvents.kind, section: proctoringEvents.section, at: proctoringEvents.created_at, duration_ms: proctoringEvents.duration_ms })
      .from(proctoringEvents).where(inArray(proctoringEvents.order_id, orderIds)),
    db.select({ order_id: deviceReports.order_id, device: deviceReports.device }).from(deviceReports)
      .where(and(inArray(deviceReports.order_id, orderIds), eq(deviceReports.continued, true))),
    db.select({ order_id: attemptActivity.order_id, n: sql<number>`sum(${attemptActivity.count})::int` }).from(attemptActivity)
      .where(and(inArray(attemptActivity.order_id, orderIds), eq(attemptActivity.kind, 'resume'))).groupBy(attemptActivity.order_id),
    db.select({ order_id: orderSections.order_id, section: orderSections.section, closed: orderSections.submitted_at })
      .from(orderSections).where(inArray(orderSections.order_id, orderIds)),
    loadEvidenceGaps(db, orderIds),
    db.select({ order_id: proctoringHeartbeats.order_id, leaves: sql<number>`sum(${proctoringHeartbeats.tab_leaves})::int`, hidden: sql<number>`sum(${proctoringHeartbeats.tab_hidden_ms})::bigint` })
      .from(proctoringHeartbeats).where(inArray(proctoringHeartbeats.order_id, orderIds)).groupBy(proctoringHeartbeats.order_id),
  ]);
  for (const v of vs) out.get(v.order_id)!.violations.push({ kind: v.kind, section: v.section, at: v.at.getTime() });
  for (const e of evs) out.get(e.order_id)!.events.push({ kind: e.kind, section: e.section, at: e.at.getTime(), duration_ms: e.duration_ms });
  for (const d of devs) out.get(d.order_id)!.deviceReports.push({ device: d.device });
  for (const r of reloads) out.get(r.order_id)!.reloads = Number(r.n);
  for (const s of secs) if (s.closed) out.get(s.order_id)!.sectionEnds[s.section] = s.closed.getTime();
  for (const [id, g] of gaps) out.get(id)!.gaps = g;
  for (const b of beats) Object.assign(out.get(b.order_id)!, { beatTabLeaves: Number(b.leaves), beatHiddenMs: Number(b.hidden) });
  return out;
}

export interface EnsureScope {
  /** Only this institution's attempts; null: individuals; undefined: every attempt. */
  institutionId?: string | null;
  orderIds?: string[];
}

const finished = sql`${orders.status} in ('completed', 'disqualified')`;

/**
 * Makes the risk rows still missing (or computed by an older formula) for finished attempts in the
 * scope, `batch` at a time, at most `max` per call. Safe to run concurrently (the insert keeps the
 * first row; an update writes the same values).
 */
export async function ensureRisks(db: AppDb, scope: EnsureScope = {}, batch = 200, max = 5000): Promise<number> {
  const where: SQL[] = [finished, or(isNull(attemptReviews.order_id), lt(attemptReviews.risk_version, RISK_FORMULA_VERSION))!];
  if (scope.institutionId !== undefined) where.push(scope.institutionId === null ? isNull(orders.institution_id) : eq(orders.institution_id, scope.institutionId));
  if (scope.orderIds) where.push(scope.orderIds.length ? inArray(orders.id, scope.orderIds) : sql`false`);
  let done = 0;
  while (done < max) {
    const rows = await db.select({
      id: orders.id, institution_id: orders.institution_id, disqualified_at: orders.disqualified_at, completed_at: orders.completed_at,
      started_at: orders.started_at, created_at: orders.created_at, has_row: sql<boolean>`${attemptReviews.order_id} is not null`,
    }).from(orders).leftJoin(attemptReviews, eq(attemptReviews.order_id, orders.id)).where(and(...where)).limit(batch);
    if (rows.length === 0) break;
    const evidence = await loadEvidence(db, rows.map((r) => r.id));
    for (const r of rows) {
      const e = evidence.get(r.id)!;
      const risk = computeRisk(e);
      const values = { risk_score: risk.score, risk_reasons: risk.reasons, risk_version: RISK_FORMULA_VERSION, evidence_incomplete: isIncomplete(e.gaps ?? []) };
      if (r.has_row) {
        // The evidence verdict is judged once (from formula 3 on): the retention sweep later deletes
        // the beats and photos it was judged from, and a recomputation must not turn it.
        await db.update(attemptReviews).set({
          ...values,
          evidence_incomplete: sql`case when ${attemptReviews.risk_version} >= ${EVIDENCE_JUDGED_FROM} then ${attemptReviews.evidence_incomplete} else ${values.evidence_incomplete} end`,
        }).where(eq(attemptReviews.order_id, r.id));
      } else {
        await db.insert(attemptReviews).values({
          order_id: r.id, institution_id: r.institution_id, disqualified: r.disqualified_at !== null,
          finished_at: r.disqualified_at ?? r.completed_at ?? r.started_at ?? r.created_at, ...values,
        }).onConflictDoNothing();
      }
    }
    done += rows.length;
    if (rows.length < batch) break;
  }
  return done;
}
