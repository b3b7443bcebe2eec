import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, eq, inArray } from 'drizzle-orm';
import { companies, institutions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface MemberInput { email: string; fullname: string; phone?: string }

/** Minimal RFC 4180 reader (quoted fields, doubled quotes); the header must name email and fullname. */
export function parseMembersCsv(text: string): MemberInput[] {
  const rows: string[][] = [];
  let field = '', row: string[] = [], quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f.trim())) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim())) rows.push(row);
  const header = rows.shift()?.map((h) => h.trim().toLowerCase().replace(/^\ufeff/, ''));
  const col = (name: string) => header?.indexOf(name) ?? -1;
  if (col('email') < 0 || col('fullname') < 0) throw new UsageError('the CSV header must have the columns email and fullname');
  return rows.map((r, i) => {
    const email = (r[col('email')] ?? '').trim().toLowerCase();
    const fullname = (r[col('fullname')] ?? '').trim();
    if (!EMAIL_RE.test(email)) throw new UsageError(`line ${i + 2}: '${email}' is not an e-mail address`);
    if (!fullname) throw new UsageError(`line ${i + 2}: fullname is empty`);
    const phone = col('phone') >= 0 ? r[col('phone')]?.trim() : undefined;
    return { email, fullname, ...(phone ? { phone } : {}) };
  });
}

const temporaryPassword = () => randomBytes(9).toString('base64url');

/** Adds members in one transaction: a duplicate or bad row adds nobody. Prints one-time passwords. */
async function addMembers(ctx: AdminContext, members: MemberInput[], institutionId: string | undefined) {
  const db = ctx.database.db;
  let companyId: string | undefined;
  if (institutionId) {
    const [inst] = await db.select().from(institutions).where(eq(institutions.id, institutionId));
    if (!inst) throw new Error(`no institution ${institutionId}`);
    companyId = inst.company_id;
  } else {
    const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.created_at)).limit(1);
    if (!company) throw new Error('no company exists yet');
    companyId = company.id;
  }
  const seen = new Set<string>();
  for (const m of members) {
    if (seen.has(m.email)) throw new UsageError(`${m.email} appears twice`);
    seen.add(m.email);
  }
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, [...seen]));
  if (existing.length) throw new Error(`already registered: ${existing.map((e) => e.email).join(', ')}`);
  const withPasswords = await Promise.all(members.map(async (m) => {
    const password = temporaryPassword();
    return { m, password, hash: await hashPassword(password) };
  }));
  await db.transaction(async (tx) => {
    await tx.insert(users).values(withPasswords.map(({ m, hash }) => ({
      email: m.email, fullname: m.fullname, phone_number: m.phone ?? null, password_hash: hash,
      is_b2b: Boolean(institutionId), institution_id: institutionId ?? null, company_id: companyId!,
    })));
  });
  ctx.out(`added ${members.length} member(s); one-time passwords (members can also use 'Lupa password'):`);
  for (const { m, password } of withPasswords) ctx.out(`  ${m.email}  ${password}`);
}

export const memberCommand: AdminCommand = {
  name: 'member',
  summary: 'add members, one at a time or from a CSV (header: email,fullname[,phone])',
  usage: [
    'member add --email EMAIL --name FULLNAME [--phone PHONE] [--institution ID]',
    'member import FILE.csv [--institution ID]',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const { values, positional } = parseFlags(rest, { values: ['email', 'name', 'phone', 'institution'] });
    if (sub === 'add') {
      const email = values.email?.trim().toLowerCase() ?? '';
      if (!EMAIL_RE.test(email)) throw new UsageError('--email must be an e-mail address');
      if (!values.name?.trim()) throw new UsageError('--name is required');
      await addMembers(ctx, [{ email, fullname: values.name.trim(), ...(values.phone ? { phone: values.phone } : {}) }], values.institution);
      return;
    }
    if (sub === 'import') {
      const file = positional[0];
      if (!file) throw new UsageError('a CSV file is required');
      let text: string;
      try { text = readFileSync(file, 'utf8'); } catch { throw new UsageError(`cannot read ${file}`); }
      const members = parseMembersCsv(text);
      if (members.length === 0) throw new UsageError(`${file} has no members`);
      await addMembers(ctx, members, values.institution);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
