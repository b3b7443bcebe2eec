// Breaks between sections (issue 18) on the small fixture exam: taken only with break minutes
// granted, after a closed section and before the next starts, once per transition; the next
// section's start ends the break, and a break that overran its minutes starts that section's
// clock at the break's allowed end (the server bounds the break, not the browser). Stored rows are
// what the attempt timeline reads (listBreaks).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BreakState } from '../../../contracts/breaks.ts';
import { BREAK_MESSAGES, FIXED_SECTION_SECONDS } from '../../../contracts/facts/index.ts';
import { orders } from '../../db/schema/index.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call, getSection, sectionRow, startedOrder, submitSection, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';
import { setTimeAccommodation } from '../orders/accommodations.ts';
import { buildTimeline } from '../review/timeline.ts';
import { listBreaks } from './breaks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await appWithFixtureExam('epot-breaks-');
});
afterAll(async () => {
  await t?.cleanup();
});

const breakUrl = (o: StartedOrder) => `/users/v1/member/order/break/${o.orderId}`;
const takeBreak = (o: StartedOrder, after: string) => call<BreakState>(t, { method: 'POST', url: breakUrl(o), headers: o.headers, payload: { after_section: after } });
const breakState = (o: StartedOrder) => call<BreakState>(t, { method: 'GET', url: breakUrl(o), headers: o.headers });

async function withBreak(minutes: number): Promise<StartedOrder> {
  const o = await startedOrder(t);
  await setTimeAccommodation(t.db, o.orderId, { factor: 1, extra_minutes: 0, break_minutes: minutes });
  return o;
}

describe('a granted break between sections', () => {
  it('is taken after a closed section, once; the next section ends it and its clock starts then', async () => {
    const o = await withBreak(10);
    expect((await takeBreak(o, 'listening')).body.message).toBe(BREAK_MESSAGES.notNow); // listening not started
    await getSection(t, o, 'listening');
    const early = await takeBreak(o, 'listening');
    expect([early.code, early.body.message]).toEqual([409, BREAK_MESSAGES.notNow]); // still open
    await submitSection(t, o, 'listening');

    const taken = await takeBreak(o, 'listening');
    expect(taken.code).toBe(200);
    const current = taken.body.data.current!;
    expect(taken.body.data).toMatchObject({ break_minutes: 10, next_section: 'structure', current: { after_section: 'listening', ended_at: null } });
    expect(Date.parse(current.ends_at) - Date.parse(current.started_at)).toBe(10 * 60_000);
    // A retry (a second click, a lost answer) gets the same break; the state reads it back.
    expect((await takeBreak(o, 'listening')).body.data.current).toEqual(current);
    expect((await breakState(o)).body.data.current).toEqual(current);
    // The candidate cannot take the next transition's break early.
    expect((await takeBreak(o, 'structure')).body.message).toBe(BREAK_MESSAGES.notNow);

    t.clock.advance(3 * 60_000);
    const structure = (await getSection(t, o, 'structure')).body.data;
    expect(structure.duration_seconds).toBe(FIXED_SECTION_SECONDS.structure);
    expect(structure.remaining_seconds).toBeGreaterThan(FIXED_SECTION_SECONDS.structure - 5);
    const [stored] = await listBreaks(t.db, o.orderId);
    expect(stored!.ended_at).toEqual((await sectionRow(t, o, 'structure'))!.started_at);
    const after = (await breakState(o)).body.data;
    expect(after.current).toBeNull();
    expect(after.breaks).toEqual([{ ...current, ended_at: stored!.ended_at!.toISOString() }]);
    const again = await takeBreak(o, 'listening');
    expect([again.code, again.body.message]).toEqual([409, BREAK_MESSAGES.taken]);
    // The reviewers' timeline shows the break with the length taken (about 3 of 10 minutes).
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    const entries = await buildTimeline({ db: t.db, urls: t.app.mediaUrls }, orderRow!);
    expect(entries.filter((e) => e.kind === 'break')).toEqual([expect.objectContaining({
      at: current.started_at, subtype: 'listening', duration_ms: stored!.ended_at!.getTime() - Date.parse(current.started_at), data: { allowed_until: current.ends_at, ended_at: stored!.ended_at!.toISOString() },
    })]);

    // The second transition has its own break.
    await submitSection(t, o, 'structure');
    expect((await takeBreak(o, 'structure')).body.data.current).toMatchObject({ after_section: 'structure', ended_at: null });
    expect((await listBreaks(t.db, o.orderId)).map((b) => b.after_section)).toEqual(['listening', 'structure']);
  });

  it('that ran past its minutes starts the next section at the allowed end: the overrun is that section\'s time', async () => {
    const o = await withBreak(5);
    await submitSection(t, o, 'listening');
    const current = (await takeBreak(o, 'listening')).body.data.current!;
    t.clock.advance(8 * 60_000);
    const structure = (await getSection(t, o, 'structure')).body.data;
    expect(structure.started_at).toBe(current.ends_at);
    expect(structure.duration_seconds).toBe(FIXED_SECTION_SECONDS.structure);
    // Three minutes past the break's end were already the section's.
    expect(structure.remaining_seconds).toBeLessThanOrEqual(FIXED_SECTION_SECONDS.structure - 3 * 60 + 1);
    expect(structure.remaining_seconds).toBeGreaterThan(FIXED_SECTION_SECONDS.structure - 3 * 60 - 10);
    const [stored] = await listBreaks(t.db, o.orderId);
    expect(stored!.ended_at!.toISOString()).toBe(current.ends_at);
  });

  it('is refused without break minutes, after reading, and on a finished test', async () => {
    const plain = await startedOrder(t);
    await submitSection(t, plain, 'listening');
    const refused = await takeBreak(plain, 'listening');
    expect([refused.code, refused.body.message]).toEqual([403, BREAK_MESSAGES.notGranted]);
    expect((await breakState(plain)).body.data).toMatchObject({ break_minutes: 0, current: null, breaks: [] });

    const o = await withBreak(10);
    expect((await takeBreak(o, 'reading')).code).toBe(400);
    await t.db.update(orders).set({ status: 'disqualified' }).where(eq(orders.id, o.orderId));
    expect((await takeBreak(o, 'listening')).code).toBe(400);
  });

  it("is another member's order: 404", async () => {
    const o = await withBreak(10);
    const other = await startedOrder(t);
    expect((await call(t, { method: 'GET', url: breakUrl(o), headers: other.headers })).code).toBe(404);
    expect((await call(t, { method: 'POST', url: breakUrl(o), headers: other.headers, payload: { after_section: 'listening' } })).code).toBe(404);
  });
});
