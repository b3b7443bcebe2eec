// Two console rules: operators must enrol TOTP before any staff route but me / TOTP / logout
// (403 `totp_required`; the demo operator is exempt), and institution settings apply only to
// attempts not yet started (an order freezes the rules when its test starts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ERROR_CODES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { consents, licences, orders } from '../../db/schema/index.ts';
import { startTest } from '../../services/orders/preparation.ts';
import { rulesFor } from '../../services/proctoring/proctoring.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff, totpCode } from '../../services/staff/staff-accounts.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { RULES, STAFF_PASSWORD, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' }); });
afterAll(async () => { await t?.cleanup(); });

describe('operators and TOTP', () => {
  it('refuses a new operator everything but me/enrol/confirm until TOTP is on', async () => {
    await createStaff(t.db, { email: 'op.baru@epot.local', role: 'operator', institutionId: null, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
    const token = await staffToken(t, 'op.baru@epot.local', STAFF_PASSWORD);
    const me = await staffCall(t, { url: '/me', token });
    expect(me.body).toMatchObject({ status: 200, data: { totp_required: true, totp_enabled: false } });
    for (const url of ['/members', '/results', '/licence-batches', '/audit', `/institutions/${t.seed!.institutionId}/settings`]) {
      const r = await staffCall(t, { url, token });
      expect([r.code, r.body.code, r.body.message], url).toEqual([403, STAFF_ERROR_CODES.totpRequired, STAFF_MESSAGES.otpEnrolmentRequired]);
    }
    const enrol = await staffCall(t, { method: 'POST', url: '/totp/enrol', token });
    const secret = (enrol.body.data as { secret: string }).secret;
    const confirm = await staffCall(t, { method: 'POST', url: '/totp/confirm', token, payload: { code: await totpCode(secret, t.clock.now()) } });
    expect(confirm.code).toBe(200);
    expect((await staffCall(t, { url: '/members', token })).code).toBe(200);
  });
  it('exempts the demo operator and never asks institution staff', async () => {
    const demo = await staffToken(t, 'operator@epot.local');
    expect((await staffCall(t, { url: '/me', token: demo })).body.data).toMatchObject({ totp_required: false });
    expect((await staffCall(t, { url: '/members', token: demo })).code).toBe(200);
    expect((await staffCall(t, { url: '/members', token: await staffToken(t, 'admin.lembaga@epot.local') })).code).toBe(200);
  });
});

describe('settings apply to attempts not yet started', () => {
  async function order(status: 'not_started') {
    const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
    const [lic] = await t.db.insert(licences).values({ code_hash: `${user.id}-h`, code_hint: 'RULE', product_id: t.seed!.productId, institution_id: t.seed!.institutionId }).returning();
    const [row] = await t.db.insert(orders).values({
      order_no: `EPOT-RULE-${user.id.slice(0, 8)}`, user_id: user.id, license_id: lic!.id, product_id: t.seed!.productId,
      institution_id: t.seed!.institutionId, meta: { job: 'Pelajar', certificate_for: 'Kelulusan' }, status,
    }).returning();
    const checks = { face: true, voice: true, new_tab: true, camera: true, photos: true };
    await t.db.insert(consents).values([
      { order_id: row!.id, user_id: user.id, rules_version: 'v1', checks },
      { order_id: row!.id, user_id: user.id, kind: 'biometric', rules_version: 'v1', checks },
    ]);
    return row!;
  }
  it('freezes the rules at the start: a later change reaches only orders that start afterwards', async () => {
    const started = await startTest(t.db, await order('not_started'), t.clock.now());
    expect(started.rules).toMatchObject({ active_camera: true });
    const waiting = await order('not_started');
    const admin = await staffToken(t, 'admin.lembaga@epot.local');
    const off = { active_camera: false, setting: { identification: { ...RULES.identification, new_tab: false }, failed: { face: false, voice: false, new_tab: false } } };
    const put = await staffCall(t, { method: 'PUT', url: `/institutions/${t.seed!.institutionId}/settings`, token: admin, payload: off });
    expect(put.body).toMatchObject({ message: STAFF_MESSAGES.settingsSaved, data: { applies_to: 'attempts_not_started' } });
    expect(put.body.message).toMatch(/berlaku untuk tes yang belum dimulai/);
    const frozen = await rulesFor(t.db, (await t.db.select().from(orders).where(eq(orders.id, started.id)))[0]!);
    expect(frozen).toMatchObject({ camera_required: true, checks: { open_new_tab: true }, disqualify_at_limit: { open_new_tab: true } });
    const fresh = await startTest(t.db, waiting, t.clock.now());
    expect(await rulesFor(t.db, fresh)).toMatchObject({ camera_required: false, checks: { open_new_tab: false }, disqualify_at_limit: { open_new_tab: false } });
    const again = await startTest(t.db, started, t.clock.now()); // a repeated start keeps the first rules
    expect(again.rules).toMatchObject({ active_camera: true });
  });
});
