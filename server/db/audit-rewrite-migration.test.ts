// Issue 29 item 4: migration 0019 rewrites audit entries written before the audit held ids only, so
// no e-mail, name or phone of a member outlives their erasure in the audit log. The migration has run
// on this database already; the test writes entries of the old shape and runs its statements again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from './schema/index.ts';
import { createMember } from '../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' }); });
afterAll(async () => { await t?.cleanup(); });

const migration = readFileSync(join(import.meta.dirname, 'migrations', '0019_audit-without-personal-data.sql'), 'utf8')
  .split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);

describe('0019: old audit entries lose their personal data', () => {
  it('keeps ids and what was set of member.create and member.import, never e-mail, name or phone', async () => {
    const { user } = await createMember(t.db, { fullname: 'Siti Lama' });
    const inst = t.seed!.institutionId;
    const base = { role: 'institution-admin', staff_id: null, ip: null, at: t.clock.now(), institution_id: inst };
    await t.db.insert(auditLog).values([
      { ...base, action: 'member.create', target_type: 'member', target_id: user.id, after: { email: user.email, fullname: 'Siti Lama', phone_number: '' } },
      { ...base, action: 'member.import', target_type: 'institution', target_id: inst, after: { rows: 2, emails: [user.email, 'sudah-dihapus@epot.test'] } },
    ]);
    for (const statement of migration) await t.db.execute(sql.raw(statement));

    const [created] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'member.create'), eq(auditLog.target_id, user.id)));
    expect(created!.after).toEqual({ member_id: user.id, set: ['email', 'fullname'] });
    const [imported] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'member.import'));
    expect(imported!.after).toEqual({ rows: 2, member_ids: [user.id] });
    expect(JSON.stringify([created, imported])).not.toContain(user.email);
    // The trigger is back: the log is append-only again.
    await expect(t.db.update(auditLog).set({ role: 'x' }).where(eq(auditLog.id, created!.id))).rejects.toThrow();
  });
});
