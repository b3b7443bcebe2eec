// The rule simulator (issue 17): before changing `setting.failed` / `setting.identification` or the
// review threshold, an institution replays its past attempts' stored events against the proposed
// rules. `simulateRules` is pure: for each attempt it replays the violations in time order under the
// proposed rules (a check switched off drops its violations; a counter that reaches the limit with
// `failed` on ends the attempt there, and later evidence is cut off), recomputes the risk score from
// what remains and says whether the attempt would have been disqualified or queued.
// What it cannot know: an attempt that really ended early was never observed afterwards, and a check
// that was off produced no evidence to replay (docs/review.md).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { RuleSimulation, RuleSimulationRequest } from '../../../contracts/admin-review.ts';
import {
  DEFAULT_REVIEW_SETTINGS, proctoringRules, violationVerdict, zeroCounters, type InstitutionProctoring,
} from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { attemptReviews, institutions, orders, users } from '../../db/schema/index.ts';
import { ensureRisks, loadEvidence } from './evidence.ts';
import { computeRisk, type RiskEvidence } from './risk.ts';

export const SIMULATION_MAX_ATTEMPTS = 1000;
const CHANGES_MAX = 100;

export interface SimAttempt {
  id: string;
  order_no: string;
  member_name: string;
  finished_at: string;
  evidence: RiskEvidence;
  current: { disqualified: boolean; queued: boolean; risk_score: number };
  /**
   * Issue 27: required evidence was missing: queued whatever the threshold. Kept as judged under the
   * rules the attempt ran with (a proposal that needs less evidence is not replayed for it).
   */
  evidence_incomplete?: boolean;
}

export interface Proposal { rules: InstitutionProctoring; risk_threshold: number }

/** Episodes that only exist when the face check runs. */
const FACE_EVENTS = new Set(['face-missing', 'face-multiple']);

/** One attempt under the proposed rules. */
export function replayAttempt(evidence: RiskEvidence, proposal: Proposal): { disqualified: boolean; risk_score: number } {
  const rules = proctoringRules(proposal.rules);
  const counters = zeroCounters();
  let endedAt = Infinity;
  const kept: RiskEvidence['violations'] = [];
  for (const v of [...evidence.violations].sort((a, b) => a.at - b.at)) {
    if (v.at > endedAt) break;
    if (!rules.checks[v.kind]) continue;
    counters[v.kind]++;
    kept.push(v);
    if (violationVerdict(rules, v.kind, counters[v.kind]) === 'ends-test') endedAt = v.at;
  }
  const tabOn = rules.checks.open_new_tab;
  const events = evidence.events.filter((e) => e.at <= endedAt
    && (e.kind !== 'page-away' || tabOn) && (!FACE_EVENTS.has(e.kind) || rules.checks.face));
  const risk = computeRisk({ ...evidence, violations: kept, events });
  return { disqualified: endedAt !== Infinity, risk_score: risk.score };
}

export function simulateRules(attempts: SimAttempt[], proposal: Proposal): RuleSimulation {
  const current = { disqualified: 0, queued: 0 };
  const proposed = { disqualified: 0, queued: 0 };
  const changes: RuleSimulation['changes'] = [];
  let changesTotal = 0;
  for (const a of attempts) {
    const r = replayAttempt(a.evidence, proposal);
    const next = { disqualified: r.disqualified, queued: r.disqualified || a.evidence_incomplete === true || r.risk_score >= proposal.risk_threshold, risk_score: r.risk_score };
    if (a.current.disqualified) current.disqualified++;
    if (a.current.queued) current.queued++;
    if (next.disqualified) proposed.disqualified++;
    if (next.queued) proposed.queued++;
    if (next.disqualified !== a.current.disqualified || next.queued !== a.current.queued) {
      changesTotal++;
      if (changes.length < CHANGES_MAX) {
        changes.push({ order_id: a.id, order_no: a.order_no, member_name: a.member_name, finished_at: a.finished_at, current: a.current, proposed: next });
      }
    }
  }
  return { attempts: attempts.length, current, proposed, changes, changes_total: changesTotal };
}

/** The institution's newest finished attempts with their evidence, then the simulation. */
export async function simulateForInstitution(db: AppDb, institutionId: string, request: RuleSimulationRequest): Promise<RuleSimulation> {
  await ensureRisks(db, { institutionId });
  const [inst] = await db.select({ active_camera: institutions.active_camera, review: institutions.review_settings }).from(institutions)
    .where(eq(institutions.id, institutionId));
  const currentThreshold = inst?.review.risk_threshold ?? DEFAULT_REVIEW_SETTINGS.risk_threshold;
  const rows = await db.select({ r: attemptReviews, order_no: orders.order_no, name: users.fullname }).from(attemptReviews)
    .innerJoin(orders, eq(orders.id, attemptReviews.order_id)).innerJoin(users, eq(users.id, orders.user_id))
    .where(and(eq(attemptReviews.institution_id, institutionId), inArray(orders.status, ['completed', 'disqualified'])))
    .orderBy(desc(attemptReviews.finished_at), desc(attemptReviews.order_id)).limit(SIMULATION_MAX_ATTEMPTS);
  const evidence = await loadEvidence(db, rows.map((x) => x.r.order_id));
  const attempts: SimAttempt[] = rows.map((x) => ({
    id: x.r.order_id, order_no: x.order_no, member_name: x.name, finished_at: x.r.finished_at.toISOString(), evidence: evidence.get(x.r.order_id)!,
    current: { disqualified: x.r.disqualified, queued: x.r.disqualified || x.r.evidence_incomplete || x.r.risk_score >= currentThreshold, risk_score: x.r.risk_score },
    evidence_incomplete: x.r.evidence_incomplete,
  }));
  return simulateRules(attempts, { rules: { active_camera: inst?.active_camera ?? true, setting: request.setting }, risk_threshold: request.risk_threshold });
}
