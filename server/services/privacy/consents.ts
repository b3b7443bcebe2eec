// The consent ledger (issue 19; UU PDP art. 20-24 and 40): every consent the preparation page
// records, each with the version of its text and time, and its withdrawal. What a consent allows:
// - 'biometric' (camera and face photos): a test whose checks use the camera starts only with a
//   live one (startTest); after a withdrawal no proctoring photo is accepted until it is given again;
// - 'cloud_speech': the client may use cloud recognition only when the member's institution allows
//   it (institutions.cloud_speech) and this consent is live; both are read at every section start.
// 'terms' is the agreement to take the test (the rules): recorded, not withdrawable.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { preparationChecks, proctoringRules, type ConsentKind, type PreparationChecks, type WithdrawableConsent } from '../../../contracts/facts/index.ts';
import type { OrderConsentState } from '../../../contracts/orders.ts';
import type { ConsentLedger } from '../../../contracts/privacy.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { consents, institutions, orders } from '../../db/schema/index.ts';

type Db = AppDb | AppTx;

export interface PreparationConsentInput {
  rulesVersion: string;
  biometricVersion?: string | undefined;
  cloudSpeechVersion?: string | undefined;
  ip: string;
  userAgent: string | null;
  now: Date;
}

interface OrderRef { id: string; user_id: string; institution_id: string | null }

/** The institution's checks as the preparation page shows them, and whether it offers cloud speech. */
export async function orderConsentContext(db: Db, order: Pick<OrderRef, 'institution_id'>): Promise<{ checks: PreparationChecks; cloudOffered: boolean }> {
  if (!order.institution_id) return { checks: preparationChecks(proctoringRules(null)), cloudOffered: false };
  const [inst] = await db.select({ settings: institutions.settings, active_camera: institutions.active_camera, cloud_speech: institutions.cloud_speech })
    .from(institutions).where(eq(institutions.id, order.institution_id));
  if (!inst) throw new Error(`institution ${order.institution_id} of an order vanished`);
  return { checks: preparationChecks(proctoringRules({ active_camera: inst.active_camera, setting: inst.settings })), cloudOffered: inst.cloud_speech };
}

/** The checks use the camera (photos or face detection): biometric data is processed. */
export const usesCamera = (checks: PreparationChecks) => checks.camera || checks.photos || checks.face;

/**
 * Records the preparation page's consents for the order in one transaction: the rules always, the
 * biometric consent when given, the cloud-speech consent when given and the institution offers it
 * (otherwise there is nothing to consent to and nothing is stored). Returns the terms row.
 */
export async function recordPreparationConsents(db: AppDb, order: OrderRef, input: PreparationConsentInput) {
  const { checks, cloudOffered } = await orderConsentContext(db, order);
  const base = { order_id: order.id, user_id: order.user_id, checks, ip: input.ip, user_agent: input.userAgent, created_at: input.now };
  return db.transaction(async (tx) => {
    const [terms] = await tx.insert(consents).values({ ...base, kind: 'terms', rules_version: input.rulesVersion }).returning();
    if (input.biometricVersion) await tx.insert(consents).values({ ...base, kind: 'biometric', rules_version: input.biometricVersion });
    if (input.cloudSpeechVersion && cloudOffered) await tx.insert(consents).values({ ...base, kind: 'cloud_speech', rules_version: input.cloudSpeechVersion });
    return terms!;
  });
}

/** Whether the member has a live (given, not withdrawn) consent of the kind. */
export async function hasLiveConsent(db: Db, userId: string, kind: ConsentKind): Promise<boolean> {
  const [row] = await db.select({ id: consents.id }).from(consents)
    .where(and(eq(consents.user_id, userId), eq(consents.kind, kind), isNull(consents.withdrawn_at))).limit(1);
  return Boolean(row);
}

/** 'withdrawn' when the member withdrew it and has not given it again; 'none' when never given. */
export async function consentStatus(db: Db, userId: string, kind: ConsentKind): Promise<'live' | 'withdrawn' | 'none'> {
  if (await hasLiveConsent(db, userId, kind)) return 'live';
  const [any] = await db.select({ id: consents.id }).from(consents)
    .where(and(eq(consents.user_id, userId), eq(consents.kind, kind))).limit(1);
  return any ? 'withdrawn' : 'none';
}

/** What the order's consents allow now. */
export async function orderConsentState(db: Db, order: OrderRef): Promise<OrderConsentState> {
  const { checks, cloudOffered } = await orderConsentContext(db, order);
  const [biometric, cloud] = await Promise.all([
    hasLiveConsent(db, order.user_id, 'biometric'),
    cloudOffered ? hasLiveConsent(db, order.user_id, 'cloud_speech') : Promise.resolve(false),
  ]);
  return { biometric_required: usesCamera(checks), biometric, cloud_speech_offered: cloudOffered, cloud_speech: cloudOffered && cloud };
}

/** The member's ledger, oldest first, with the order numbers. */
export async function consentLedger(db: Db, userId: string): Promise<ConsentLedger> {
  const rows = await db.select({
    id: consents.id, kind: consents.kind, version: consents.rules_version, order_id: consents.order_id, order_no: orders.order_no,
    given_at: consents.created_at, withdrawn_at: consents.withdrawn_at,
  }).from(consents).innerJoin(orders, eq(orders.id, consents.order_id))
    .where(eq(consents.user_id, userId)).orderBy(asc(consents.created_at), asc(consents.kind));
  const live = (kind: ConsentKind) => rows.some((r) => r.kind === kind && !r.withdrawn_at);
  return {
    consents: rows.map((r) => ({ ...r, given_at: r.given_at.toISOString(), withdrawn_at: r.withdrawn_at?.toISOString() ?? null })),
    active: { biometric: live('biometric'), cloud_speech: live('cloud_speech') },
  };
}

/** Withdraws every live consent of the kind; returns how many were live (0: nothing to withdraw). */
export async function withdrawConsent(db: Db, userId: string, kind: WithdrawableConsent, now: Date): Promise<number> {
  const rows = await db.update(consents).set({ withdrawn_at: now })
    .where(and(eq(consents.user_id, userId), eq(consents.kind, kind), isNull(consents.withdrawn_at)))
    .returning({ id: consents.id });
  return rows.length;
}
