// An institution's review settings (risk threshold, appeal period, four eyes), each change in the
// audit log, and the reviewers' agreement: the share of second reviews that reversed the first.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ReviewSettingsBody } from '../../../contracts/admin-review.ts';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from '../../../contracts/facts/index.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { institutions, reviewDecisions } from '../../db/schema/index.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';

/** The settings in force for an institution (individuals: the defaults); a stored partial object is completed. */
export async function reviewSettingsOf(db: AppDb | AppTx, institutionId: string | null): Promise<ReviewSettings> {
  if (!institutionId) return DEFAULT_REVIEW_SETTINGS;
  const [row] = await db.select({ s: institutions.review_settings }).from(institutions).where(eq(institutions.id, institutionId));
  return { ...DEFAULT_REVIEW_SETTINGS, ...row?.s };
}

export async function institutionExists(db: AppDb, id: string): Promise<boolean> {
  const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
  return Boolean(row);
}

export async function updateReviewSettings(db: AppDb, id: string, next: ReviewSettingsBody, actor: AuditActor, now: Date): Promise<ReviewSettings | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ s: institutions.review_settings }).from(institutions).where(eq(institutions.id, id)).for('update');
    if (!row) return undefined;
    await tx.update(institutions).set({ review_settings: next }).where(eq(institutions.id, id));
    await appendAudit(tx, actor, {
      action: 'institution.review_settings', targetType: 'institution', targetId: id, institutionId: id,
      before: { ...DEFAULT_REVIEW_SETTINGS, ...row.s }, after: next,
    }, now);
    return next;
  });
}

/** Second reviews of the institution's attempts and how many reversed the first decision. */
export async function reviewAgreement(db: AppDb, institutionId: string) {
  const [row] = await db.select({
    n: sql<number>`count(*)::int`,
    reversed: sql<number>`count(*) filter (where ${reviewDecisions.reversed})::int`,
  }).from(reviewDecisions).where(and(eq(reviewDecisions.institution_id, institutionId), isNotNull(reviewDecisions.second_of)));
  const n = Number(row?.n ?? 0);
  const reversed = Number(row?.reversed ?? 0);
  return { second_reviews: n, reversed, reversal_share: n === 0 ? null : reversed / n };
}
