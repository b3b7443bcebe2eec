// `npm run admin -- staff …`: staff console accounts from the server shell. Uses the same services as
// the console (and so the same audit entries, with the shell as the actor). Without --password the
// account gets a one-time password-set link, printed here and mailed to the account. Works while the
// server runs on the same PostgreSQL database (the CLI opens its own connection).
import { eq } from 'drizzle-orm';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, type StaffRole } from '../../../contracts/facts/index.ts';
import { institutions } from '../../db/schema/index.ts';
import { createMailer } from '../../services/platform/mailer.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff, findStaffByEmail, StaffInputError, type StaffRow } from '../../services/staff/staff-accounts.ts';
import {
  createStaffWithLink, mailStaffPasswordLink, renewStaffPasswordLink, STAFF_PASSWORD_LINK_TTL_MS, staffPasswordPath,
} from '../../services/staff/staff-password-links.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailOf(values: Record<string, string>): string {
  const email = values.email?.trim().toLowerCase();
  if (!email || !EMAIL_RE.test(email)) throw new UsageError('--email needs an e-mail address');
  return email;
}

/** Prints the link and mails it (the link is printed first, so a mail problem loses nothing). */
async function handOut(ctx: AdminContext, row: StaffRow, code: string, baseUrl: string | undefined) {
  const origin = (baseUrl ?? ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
  ctx.out(`password-set link (valid ${STAFF_PASSWORD_LINK_TTL_MS / 3_600_000} hours, once): ${origin}${staffPasswordPath(code)}`);
  const quiet = { info: () => undefined, warn: () => undefined };
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom, production: ctx.config.nodeEnv === 'production', db: ctx.database.db, log: quiet });
  try {
    await mailStaffPasswordLink(ctx.database.db, mailer, row, code, { origin, supportEmail: ctx.config.supportEmail });
    ctx.out(mailer.kind === 'smtp' ? `mailed to ${row.email}` : `mail to ${row.email} kept in mail_outbox (SMTP_URL is not set)`);
  } catch (e) {
    ctx.out(`the mail to ${row.email} failed (${e instanceof Error ? e.message : String(e)}): hand the link over yourself`);
  } finally {
    mailer.close();
  }
}

async function add(rest: string[], ctx: AdminContext) {
  const { values } = parseFlags(rest, { values: ['email', 'role', 'institution', 'password', 'name', 'base-url'] });
  const email = emailOf(values);
  if (!STAFF_ROLES.includes(values.role as StaffRole)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  const role = values.role as StaffRole;
  const institutionId = values.institution ?? null;
  if (institutionId) {
    const [inst] = await ctx.database.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
    if (!inst) throw new UsageError(`no institution ${institutionId}`);
  }
  if (values.password !== undefined && values.password.length < STAFF_PASSWORD_MIN_LENGTH) throw new UsageError(`--password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  const input = { email, role, institutionId, name: values.name };
  try {
    if (values.password) {
      const row = await createStaff(ctx.database.db, { ...input, password: values.password }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(`staff ${row.id} ${row.email} ${row.role}${row.institution_id ? ` institution ${row.institution_id}` : ''}`);
      return;
    }
    const { row, code } = await createStaffWithLink(ctx.database.db, input, SHELL_ACTOR, ctx.clock.now());
    ctx.out(`staff ${row.id} ${row.email} ${row.role}${row.institution_id ? ` institution ${row.institution_id}` : ''}`);
    await handOut(ctx, row, code, values['base-url']);
  } catch (e) {
    if (e instanceof StaffInputError) throw new UsageError(e.message);
    throw e;
  }
}

async function link(rest: string[], ctx: AdminContext) {
  const { values } = parseFlags(rest, { values: ['email', 'base-url'] });
  const row = await findStaffByEmail(ctx.database.db, emailOf(values));
  if (!row) throw new UsageError(`no staff account ${values.email}`);
  const code = await renewStaffPasswordLink(ctx.database.db, row, SHELL_ACTOR, ctx.clock.now());
  await handOut(ctx, row, code, values['base-url']);
}

export const staffCommand: AdminCommand = {
  name: 'staff',
  summary: 'staff console accounts (operator, institution admin, proctor); without --password a one-time password-set link is printed and mailed (origin: --base-url, PUBLIC_URL, else http://localhost:PORT)',
  usage: [
    'staff add --email E --role operator|institution-admin|proctor [--institution ID] [--name N] [--password P | --base-url URL]',
    'staff link --email E [--base-url URL]  (a new password-set link; earlier ones stop working)',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'add') return add(rest, ctx);
    if (sub === 'link') return link(rest, ctx);
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'missing subcommand');
  },
};
