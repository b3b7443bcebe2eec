// Test-day sessions (issue 30): scheduling, reading and ending a sitting, and the start gate that
// keeps a member in a session from starting outside its window. Scope: institution staff their own
// institution (others' sessions answer 404, like ids that do not exist), operators any. Every
// change is audited ('session.create', 'session.end'); the API, the console and the CLI share this.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CreateSessionRequest, MemberSessionNotice, SessionProctor, TestSession } from '../../../contracts/admin-sessions.ts';
import { createSessionRequestSchema } from '../../../contracts/admin-sessions.ts';
import { MAX_SESSION_HOURS, MAX_SESSION_MEMBERS, SESSION_MESSAGES, SESSION_PHASE_LABELS, STAFF_MESSAGES, sessionPhase } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { orders, staff, testSessionMembers, testSessionProctors, testSessions, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import { publishSessionEvent } from './live.ts';
import { institutionOf } from '../staff/members.ts';

type SessionRow = typeof testSessions.$inferSelect;

function toSession(row: SessionRow, memberCount: number, proctors: SessionProctor[], now: Date): TestSession {
  const phase = sessionPhase(row, now);
  const proctorIds = proctors.map((p) => p.id).sort();
  return {
    id: row.id, institution_id: row.institution_id, name: row.name, opens_at: row.opens_at.toISOString(),
    last_start_at: row.last_start_at.toISOString(), closes_at: row.closes_at.toISOString(), ended_at: row.ended_at?.toISOString() ?? null,
    phase, phase_label: SESSION_PHASE_LABELS[phase], member_count: memberCount, proctor_ids: proctorIds,
    proctors: [...proctors].sort((a, b) => a.name.localeCompare(b.name, 'id') || a.email.localeCompare(b.email)), created_at: row.created_at.toISOString(),
  };
}

async function decorate(db: AppDb, rows: SessionRow[], now: Date): Promise<TestSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db.select({ id: testSessionMembers.session_id, n: count() }).from(testSessionMembers)
    .where(inArray(testSessionMembers.session_id, ids)).groupBy(testSessionMembers.session_id);
  const proctors = await db.select({ session_id: testSessionProctors.session_id, id: staff.id, name: staff.name, email: staff.email })
    .from(testSessionProctors).innerJoin(staff, eq(staff.id, testSessionProctors.staff_id))
    .where(inArray(testSessionProctors.session_id, ids));
  return rows.map((r) => toSession(r, counts.find((c) => c.id === r.id)?.n ?? 0,
    proctors.filter((p) => p.session_id === r.id).map(({ id, name, email }) => ({ id, name, email })), now));
}

/** Schedules a session for `institutionId` (the caller has resolved scope); 400 with a catalogue message on bad input. */
export async function createSession(db: AppDb, institutionId: string, input: CreateSessionRequest, actor: AuditActor, now: Date): Promise<TestSession> {
  const body = createSessionRequestSchema.parse(input);
  const [opens, last, closes] = [new Date(body.opens_at), new Date(body.last_start_at), new Date(body.closes_at)];
  if (!(opens <= last && last <= closes)) throw HttpError.badRequest(SESSION_MESSAGES.badWindow);
  if (closes.getTime() - opens.getTime() > MAX_SESSION_HOURS * 3_600_000) throw HttpError.badRequest(SESSION_MESSAGES.tooLong);
  if (closes <= now) throw HttpError.badRequest(SESSION_MESSAGES.closesInPast);
  if (!(await institutionOf(db, institutionId))) throw HttpError.notFound(STAFF_MESSAGES.notFound);
  const ids = new Set(body.member_ids);
  const emails = [...new Set(body.member_emails.filter((e) => e !== ''))];
  for (let i = 0; i < emails.length; i += 1000) {
    const slice = emails.slice(i, i + 1000);
    const rows = await db.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.email, slice), eq(users.institution_id, institutionId)));
    const unknown = slice.filter((e) => !rows.some((r) => r.email === e));
    if (unknown.length > 0) throw HttpError.badRequest(SESSION_MESSAGES.unknownEmails(unknown));
    for (const r of rows) ids.add(r.id);
  }
  if (body.copy_members_from) {
    const [from] = await db.select({ id: testSessions.id }).from(testSessions)
      .where(and(eq(testSessions.id, body.copy_members_from), eq(testSessions.institution_id, institutionId)));
    if (!from) throw HttpError.notFound(SESSION_MESSAGES.notFound);
    for (const r of await db.select({ id: testSessionMembers.user_id }).from(testSessionMembers).where(eq(testSessionMembers.session_id, from.id))) ids.add(r.id);
  }
  const memberIds = [...ids];
  if (memberIds.length === 0) throw HttpError.badRequest(SESSION_MESSAGES.noMembers);
  if (memberIds.length > MAX_SESSION_MEMBERS) throw HttpError.badRequest(SESSION_MESSAGES.tooManyMembers);
  let found = 0;
  for (let i = 0; i < memberIds.length; i += 1000) {
    found += (await db.select({ id: users.id }).from(users).where(and(inArray(users.id, memberIds.slice(i, i + 1000)), eq(users.institution_id, institutionId)))).length;
  }
  if (found !== memberIds.length) throw HttpError.badRequest(SESSION_MESSAGES.membersOutOfScope);
  const proctorIds = [...new Set(body.proctor_ids)];
  const proctors = proctorIds.length === 0 ? [] : await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff)
    .where(and(inArray(staff.id, proctorIds), eq(staff.institution_id, institutionId), inArray(staff.role, ['proctor', 'institution-admin'])));
  if (proctors.length !== proctorIds.length) throw HttpError.badRequest(SESSION_MESSAGES.proctorsOutOfScope);
  const row = await db.transaction(async (tx) => {
    const [s] = await tx.insert(testSessions).values({
      institution_id: institutionId, name: body.name, opens_at: opens, last_start_at: last, closes_at: closes, created_by: actor.staffId, created_at: now,
    }).returning();
    // Large cohorts go in slices: one statement's parameters stay well under PostgreSQL's limit.
    for (let i = 0; i < memberIds.length; i += 1000) {
      await tx.insert(testSessionMembers).values(memberIds.slice(i, i + 1000).map((user_id) => ({ session_id: s!.id, user_id })));
    }
    if (proctorIds.length > 0) await tx.insert(testSessionProctors).values(proctorIds.map((staff_id) => ({ session_id: s!.id, staff_id })));
    await appendAudit(tx, actor, {
      action: 'session.create', targetType: 'session', targetId: s!.id, institutionId,
      after: { name: body.name, opens_at: body.opens_at, last_start_at: body.last_start_at, closes_at: body.closes_at, members: memberIds.length, proctors: proctorIds },
    }, now);
    return s!;
  });
  return toSession(row, memberIds.length, proctors, now);
}

const inScope = (id: string, institutionId: string | null) =>
  and(eq(testSessions.id, id), institutionId ? eq(testSessions.institution_id, institutionId) : undefined);

/** The session's row when it is in the caller's scope; 404 (as an id that does not exist) otherwise. */
export async function sessionRowInScope(db: AppDb, id: string, institutionId: string | null): Promise<SessionRow> {
  const [row] = await db.select().from(testSessions).where(inScope(id, institutionId));
  if (!row) throw HttpError.notFound(SESSION_MESSAGES.notFound);
  return row;
}

export async function listSessions(db: AppDb, institutionId: string | null, page: { limit: number; page: number }, now: Date) {
  const where = institutionId ? eq(testSessions.institution_id, institutionId) : undefined;
  const rows = await db.select().from(testSessions).where(where).orderBy(desc(testSessions.opens_at), desc(testSessions.id))
    .limit(page.limit).offset((page.page - 1) * page.limit);
  const [total] = await db.select({ n: count() }).from(testSessions).where(where);
  return { list: await decorate(db, rows, now), limit: page.limit, page: page.page, total: total?.n ?? 0 };
}

/** One session (without its members) when it is in the caller's scope; 404 otherwise. */
export async function sessionSummary(db: AppDb, id: string, institutionId: string | null, now: Date): Promise<TestSession> {
  return (await decorate(db, [await sessionRowInScope(db, id, institutionId)], now))[0]!;
}

/** One session with its members and where each stands (their newest order); undefined out of scope. */
export async function sessionDetail(db: AppDb, id: string, institutionId: string | null, now: Date) {
  const [row] = await db.select().from(testSessions).where(inScope(id, institutionId));
  if (!row) return undefined;
  const [session] = await decorate(db, [row], now);
  const newest = db.$with('newest').as(db.selectDistinctOn([orders.user_id], { user_id: orders.user_id, status: orders.status, started_at: orders.started_at })
    .from(orders).orderBy(orders.user_id, desc(orders.created_at)));
  const members = await db.with(newest).select({ user_id: users.id, fullname: users.fullname, email: users.email, order_status: newest.status, started_at: newest.started_at })
    .from(testSessionMembers).innerJoin(users, eq(users.id, testSessionMembers.user_id)).leftJoin(newest, eq(newest.user_id, users.id))
    .where(eq(testSessionMembers.session_id, id)).orderBy(users.fullname, users.id);
  return { ...session!, members: members.map((m) => ({ ...m, order_status: m.order_status ?? null, started_at: m.started_at?.toISOString() ?? null })) };
}

/** Ends a session early: no start from now on (sections already running keep their deadlines). */
export async function endSession(db: AppDb, id: string, institutionId: string | null, reason: string, actor: AuditActor, now: Date): Promise<TestSession> {
  const row = await sessionRowInScope(db, id, institutionId);
  if (row.ended_at) throw HttpError.badRequest(SESSION_MESSAGES.alreadyEnded);
  const [ended] = await db.transaction(async (tx) => {
    const out = await tx.update(testSessions).set({ ended_at: now }).where(and(eq(testSessions.id, id), isNull(testSessions.ended_at))).returning();
    await appendAudit(tx, actor, { action: 'session.end', targetType: 'session', targetId: id, institutionId: row.institution_id, after: { reason } }, now);
    return out;
  });
  if (!ended) throw HttpError.badRequest(SESSION_MESSAGES.alreadyEnded);
  await publishSessionEvent(db, id, 'session_end', { reason }, now);
  return (await decorate(db, [ended], now))[0]!;
}

/**
 * What the member's sessions allow now: null when they are in none (start any time). Open in any
 * session: may start. Else the next one to open says when; else the last one says it has passed.
 */
export async function memberSessionNotice(db: AppDb, userId: string, now: Date): Promise<MemberSessionNotice | null> {
  const rows = await db.select({ s: testSessions }).from(testSessionMembers).innerJoin(testSessions, eq(testSessions.id, testSessionMembers.session_id))
    .where(eq(testSessionMembers.user_id, userId)).orderBy(testSessions.opens_at);
  if (rows.length === 0) return null;
  const sessions = rows.map((r) => r.s);
  const view = (s: SessionRow, message: string | null): MemberSessionNotice => ({
    name: s.name, opens_at: s.opens_at.toISOString(), last_start_at: s.last_start_at.toISOString(), closes_at: s.closes_at.toISOString(),
    can_start: message === null, message,
  });
  const open = sessions.find((s) => sessionPhase(s, now) === 'open');
  if (open) return view(open, null);
  const next = sessions.find((s) => sessionPhase(s, now) === 'scheduled');
  if (next) return view(next, SESSION_MESSAGES.notOpenYet(next.name, next.opens_at));
  const last = sessions.at(-1)!;
  return view(last, sessionPhase(last, now) === 'ended' ? SESSION_MESSAGES.endedEarly(last.name) : SESSION_MESSAGES.lastStartPassed(last.name, last.last_start_at));
}

/** The start gate: refuses (409, the catalogue sentence) a member whose sessions do not allow a start now. */
export async function assertSessionAllowsStart(db: AppDb, userId: string, now: Date): Promise<void> {
  const notice = await memberSessionNotice(db, userId, now);
  if (notice && !notice.can_start) throw new HttpError(409, notice.message!, { code: 'session_window' });
}

