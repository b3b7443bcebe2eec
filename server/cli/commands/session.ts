// `npm run admin -- session create|list|show|end …`: the operator schedules and runs test-day sessions
// (issue 30) from a shell, with the same rules and audit entries as the console (services/sessions).
// Members come from a CSV with an `email` column (the console's import format) and/or --email.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { wibText } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { createSession, endSession, listSessions, sessionDetail } from '../../services/sessions/sessions.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

/** "2026-12-05 09:00" (WIB, as the console shows it) or a full ISO instant. */
function instant(v: string | undefined, flag: string): string {
  if (!v) throw new UsageError(`--${flag} is required`);
  const wib = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(v);
  const d = new Date(wib ? `${wib[1]}T${wib[2]}:00+07:00` : v);
  if (Number.isNaN(d.getTime())) throw new UsageError(`--${flag}: "${v}" is not a time (YYYY-MM-DD HH:MM in WIB)`);
  return d.toISOString();
}

function emailsFromCsv(file: string): string[] {
  const rows = parse(readFileSync(file, 'utf8'), { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, bom: true, trim: true }) as Record<string, string>[];
  if (rows.length > 0 && !('email' in rows[0]!)) throw new UsageError(`${file}: no "email" column`);
  return rows.map((r) => r.email ?? '').filter((e) => e !== '');
}

export const sessionCommand: AdminCommand = {
  name: 'session',
  summary: "schedule, list, show and end an institution's test-day sessions (times in WIB)",
  usage: [
    'session create --institution ID --name NAME --opens "YYYY-MM-DD HH:MM" --last-start "YYYY-MM-DD HH:MM" --closes "YYYY-MM-DD HH:MM" (--members-csv FILE | --email EMAIL)…',
    'session list [--institution ID]',
    'session show ID',
    'session end ID --reason TEXT',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const db = ctx.database.db;
    const now = ctx.clock.now();
    // --email may repeat: collect them before the single-value parser sees the rest.
    const extraEmails: string[] = [];
    const flags: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '--email') { const v = rest[++i]; if (!v) throw new UsageError('--email needs a value'); extraEmails.push(v); } else flags.push(rest[i]!);
    }
    const { values, positional } = parseFlags(flags, { values: ['institution', 'name', 'opens', 'last-start', 'closes', 'members-csv', 'reason'] });
    try {
      if (sub === 'create') {
        if (!values.institution || !values.name) throw new UsageError('--institution and --name are required');
        const emails = [...(values['members-csv'] ? emailsFromCsv(values['members-csv']) : []), ...extraEmails];
        if (emails.length === 0) throw new UsageError('--members-csv FILE or --email EMAIL is required');
        const s = await createSession(db, values.institution, {
          name: values.name, opens_at: instant(values.opens, 'opens'), last_start_at: instant(values['last-start'], 'last-start'), closes_at: instant(values.closes, 'closes'),
          member_ids: [], member_emails: emails, proctor_ids: [],
        }, SHELL_ACTOR, now);
        ctx.out(`${s.id}  ${s.name}: ${s.member_count} member(s), opens ${wibText(s.opens_at)}, last start ${wibText(s.last_start_at)}, closes ${wibText(s.closes_at)}`);
      } else if (sub === 'list') {
        const { list, total } = await listSessions(db, values.institution ?? null, { limit: 100, page: 1 }, now);
        for (const s of list) ctx.out(`${s.id}  ${s.phase_label.padEnd(12)} ${wibText(s.opens_at)}  ${s.member_count} member(s)  ${s.name}`);
        ctx.out(`${total} session(s)`);
      } else if (sub === 'show') {
        const id = positional[0];
        if (!id) throw new UsageError('session id required');
        const s = await sessionDetail(db, id, null, now);
        if (!s) throw new Error('Sesi tes tidak ditemukan');
        ctx.out(`${s.name} (${s.phase_label}): opens ${wibText(s.opens_at)}, last start ${wibText(s.last_start_at)}, closes ${wibText(s.closes_at)}`);
        for (const m of s.members) ctx.out(`  ${m.email}  ${m.fullname}  ${m.order_status ?? '-'}`);
      } else if (sub === 'end') {
        const id = positional[0];
        if (!id || !values.reason) throw new UsageError('session id and --reason are required');
        const s = await endSession(db, id, null, values.reason, SHELL_ACTOR, now);
        ctx.out(`${s.name}: ${s.phase_label}`);
      } else {
        throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
      }
    } catch (e) {
      if (e instanceof HttpError) throw new Error(e.message);
      throw e;
    }
  },
};
