// `npm run admin -- staff add …`: staff console accounts from the server shell. Uses the same service
// as the console (and so the same audit entry, with the shell as the actor).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '../../../contracts/facts/index.ts';
import { institutions } from '../../db/schema/index.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff, StaffInputError } from '../../services/staff/staff-accounts.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const staffCommand: AdminCommand = {
  name: 'staff',
  summary: 'staff console accounts (operator, institution admin, proctor)',
  usage: ['staff add --email E --role operator|institution-admin|proctor [--institution ID] [--password P] [--name N]'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'add') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'missing subcommand');
    const { values } = parseFlags(rest, { values: ['email', 'role', 'institution', 'password', 'name'] });
    const email = values.email?.trim().toLowerCase();
    if (!email || !EMAIL_RE.test(email)) throw new UsageError('--email needs an e-mail address');
    if (!STAFF_ROLES.includes(values.role as StaffRole)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
    const role = values.role as StaffRole;
    const institutionId = values.institution ?? null;
    if (institutionId) {
      const [inst] = await ctx.database.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
      if (!inst) throw new UsageError(`no institution ${institutionId}`);
    }
    if (values.password !== undefined && values.password.length < 12) throw new UsageError('--password needs at least 12 characters');
    // Without --password: a random one, shown once here (the database keeps only its hash).
    const password = values.password ?? randomBytes(12).toString('base64url');
    try {
      const row = await createStaff(ctx.database.db, { email, role, institutionId, password, name: values.name }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(`staff ${row.id} ${row.email} ${row.role}${row.institution_id ? ` institution ${row.institution_id}` : ''}`);
      if (!values.password) ctx.out(`one-time password (shown once): ${password}`);
    } catch (e) {
      if (e instanceof StaffInputError) throw new UsageError(e.message);
      throw e;
    }
  },
};
