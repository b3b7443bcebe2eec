// Extra-time accommodations (issue 18) on the small fixture exam: the section deadlines the server
// fixes include the granted time, the sweeper closes only after the longer deadline, the order list
// and the section detail show it, grants are refused once a section started, and the operator CLI.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOMMODATION_MESSAGES, FIXED_SECTION_SECONDS, LISTENING_EXTRA_SECONDS, SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import type { OrderListResponse } from '../../../contracts/orders.ts';
import { accommodationsCommand } from '../../cli/commands/accommodations.ts';
import { auditLog, orders, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call, getSection, sectionRow, startedOrder, submitSection } from '../../../tests/server-helpers/exam-attempts.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';
import { sweepOverdueSections } from '../exam/attempts.ts';
import { findAccommodationOrder, setTimeAccommodation } from './accommodations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await appWithFixtureExam('epot-accommodations-');
});
afterAll(async () => {
  await t?.cleanup();
});

const seconds = (r: { started_at: Date; deadline_at: Date }) => (r.deadline_at.getTime() - r.started_at.getTime()) / 1000;

describe('the server deadline includes the extra time', () => {
  it('×1.5: structure and reading get half again; listening only its answering time, the audio unchanged', async () => {
    const plain = await startedOrder(t);
    const granted = await startedOrder(t);
    await setTimeAccommodation(t.db, granted.orderId, { factor: 1.5, extra_minutes: 0 });
    const plainListening = (await getSection(t, plain, 'listening')).body.data;
    const listening = (await getSection(t, granted, 'listening')).body.data;
    expect(plainListening.time_accommodation).toBeNull();
    expect(listening.time_accommodation).toEqual({ factor: 1.5, extra_minutes: 0, break_minutes: 0 });
    expect(listening.duration_seconds - plainListening.duration_seconds).toBe(LISTENING_EXTRA_SECONDS / 2);
    await submitSection(t, granted, 'listening');
    const structure = (await getSection(t, granted, 'structure')).body.data;
    expect(structure.duration_seconds).toBe(FIXED_SECTION_SECONDS.structure * 1.5);
    expect(structure.remaining_seconds).toBeGreaterThan(FIXED_SECTION_SECONDS.structure * 1.5 - 5);
    expect(seconds(await sectionRow(t, granted, 'structure'))).toBe(2250);
    await submitSection(t, granted, 'structure');
    expect((await getSection(t, granted, 'reading')).body.data.duration_seconds).toBe(FIXED_SECTION_SECONDS.reading * 1.5);
    expect(seconds(await sectionRow(t, granted, 'reading'))).toBe(4950);
  });

  it('extra minutes are added to every section, after the factor', async () => {
    const o = await startedOrder(t);
    await setTimeAccommodation(t.db, o.orderId, { factor: 1.25, extra_minutes: 10 });
    await submitSection(t, o, 'listening');
    const structure = (await getSection(t, o, 'structure')).body.data;
    expect(structure.duration_seconds).toBe(1500 * 1.25 + 600);
  });

  it('the sweeper closes a ×2 section only after its longer deadline, not after the normal one', async () => {
    const o = await startedOrder(t);
    await setTimeAccommodation(t.db, o.orderId, { factor: 2, extra_minutes: 0 });
    await submitSection(t, o, 'listening');
    await getSection(t, o, 'structure');
    const started = (await sectionRow(t, o, 'structure')).started_at.getTime();
    // Past the normal 25 minutes + grace: a candidate without extra time would be swept now.
    const afterNormal = new Date(started + FIXED_SECTION_SECONDS.structure * 1000 + SUBMIT_GRACE_MS + 5_000);
    await sweepOverdueSections(t.db, afterNormal, 1000);
    expect(await sectionRow(t, o, 'structure')).toMatchObject({ submitted_at: null, closed_by: null });
    const afterGranted = new Date(started + 2 * FIXED_SECTION_SECONDS.structure * 1000 + SUBMIT_GRACE_MS + 5_000);
    await sweepOverdueSections(t.db, afterGranted, 1000);
    expect(await sectionRow(t, o, 'structure')).toMatchObject({ closed_by: 'swept' });
  });
});

describe('granting', () => {
  it('shows in the order list; can be removed; refused once a section started and on a finished test', async () => {
    const o = await startedOrder(t, 'not_started');
    await setTimeAccommodation(t.db, o.orderId, { factor: 2, extra_minutes: 5 });
    const list = await call<OrderListResponse['data']>(t, { method: 'GET', url: '/users/v1/member/order/list', headers: o.headers });
    expect(list.code).toBe(200);
    expect(list.body.data.list.find((i) => i.id === o.orderId)?.time_accommodation).toEqual({ factor: 2, extra_minutes: 5, break_minutes: 0 });
    expect((await setTimeAccommodation(t.db, o.orderId, null)).time_accommodation).toBeNull();
    expect((await setTimeAccommodation(t.db, o.orderId, { factor: 1, extra_minutes: 0 })).time_accommodation).toBeNull();

    const running = await startedOrder(t);
    await getSection(t, running, 'listening');
    await expect(setTimeAccommodation(t.db, running.orderId, { factor: 1.5, extra_minutes: 0 }))
      .rejects.toMatchObject({ status: 409, message: ACCOMMODATION_MESSAGES.alreadyStarted });
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o.orderId));
    await expect(setTimeAccommodation(t.db, o.orderId, { factor: 1.5, extra_minutes: 0 }))
      .rejects.toMatchObject({ status: 409, message: ACCOMMODATION_MESSAGES.finished });
  });

  it('refuses other factors and minutes out of range', async () => {
    const o = await startedOrder(t, 'not_started');
    await expect(setTimeAccommodation(t.db, o.orderId, { factor: 3 as never, extra_minutes: 0 })).rejects.toBeInstanceOf(HttpError);
    await expect(setTimeAccommodation(t.db, o.orderId, { factor: 1, extra_minutes: 500 }))
      .rejects.toMatchObject({ status: 400, message: ACCOMMODATION_MESSAGES.badMinutes });
    await expect(setTimeAccommodation(t.db, o.orderId, { factor: 1, extra_minutes: 1.5 })).rejects.toMatchObject({ status: 400 });
    await expect(setTimeAccommodation(t.db, o.orderId, { factor: 1, extra_minutes: 0, break_minutes: 31 }))
      .rejects.toMatchObject({ status: 400, message: ACCOMMODATION_MESSAGES.badBreak });
  });

  it('finds the order by number, id or member e-mail, within an institution when scoped', async () => {
    const o = await startedOrder(t, 'not_started');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect((await findAccommodationOrder(t.db, { order: row!.order_no })).id).toBe(o.orderId);
    expect((await findAccommodationOrder(t.db, { order: o.orderId })).id).toBe(o.orderId);
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, o.userId));
    const email = user!.email.toUpperCase();
    expect((await findAccommodationOrder(t.db, { email })).id).toBe(o.orderId);
    await expect(findAccommodationOrder(t.db, { order: row!.order_no }, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });
});

describe('npm run admin -- accommodations', () => {
  it('sets and shows an order\'s extra time; a started order is refused with the message', async () => {
    const o = await startedOrder(t, 'not_started');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    const out: string[] = [];
    const ctx = { config: t.config, database: t.database, clock: t.clock, out: (l: string) => out.push(l) };
    await accommodationsCommand.run(['set', '--order', row!.order_no, '--factor', '1.5'], ctx);
    await accommodationsCommand.run(['show', '--order', row!.order_no], ctx);
    const granted = `${row!.order_no}: factor ×1.5, +0 minute(s) per section, break up to 0 minute(s) between sections`;
    expect(out).toEqual([granted, granted]);
    await accommodationsCommand.run(['set', '--order', row!.order_no, '--factor', '1.5', '--break', '10'], ctx);
    expect(out.at(-1)).toBe(`${row!.order_no}: factor ×1.5, +0 minute(s) per section, break up to 10 minute(s) between sections`);
    await expect(accommodationsCommand.run(['set', '--order', row!.order_no], ctx)).rejects.toThrow(/--factor, --minutes, --break or --none/);
    await accommodationsCommand.run(['set', '--order', row!.order_no, '--none'], ctx);
    expect(out.at(-1)).toBe(`${row!.order_no}: no extra time`);
    // The shell's grants are in the audit log too.
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.accommodation'), eq(auditLog.target_id, o.orderId)));
    expect(audit.map((a) => [a.role, a.after])).toEqual([
      ['shell', { time_accommodation: { factor: 1.5, extra_minutes: 0, break_minutes: 0 } }],
      ['shell', { time_accommodation: { factor: 1.5, extra_minutes: 0, break_minutes: 10 } }],
      ['shell', { time_accommodation: null }],
    ]);
    const running = await startedOrder(t);
    await getSection(t, running, 'listening');
    await expect(accommodationsCommand.run(['set', '--order', running.orderId, '--minutes', '15'], ctx)).rejects.toThrow(ACCOMMODATION_MESSAGES.alreadyStarted);
  });
});
