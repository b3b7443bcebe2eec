// `npm run admin -- exam import FILE.json` / `exam list`: exam content (see docs/content-format.md).
// An import of a title that exists makes a new version and archives the old one.
import { asc, count, desc, eq } from 'drizzle-orm';
import { companies, examParts, exams, questionGroups, questions } from '../../db/schema/index.ts';
import { importExam } from '../../services/exam/exam-import.ts';
import { createBlobStore } from '../../services/media/blob-store.ts';
import { setExamStatus } from '../../services/operator/exams.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function companyId(ctx: AdminContext, given: string | undefined): Promise<string> {
  const db = ctx.database.db;
  if (given) {
    if (!UUID.test(given)) throw new UsageError('--company takes a company id');
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, given));
    if (!row) throw new Error(`company ${given} does not exist`);
    return row.id;
  }
  const rows = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.created_at)).limit(2);
  if (rows.length === 0) throw new Error('no company exists yet: start the server once (it creates the demo company)');
  if (rows.length > 1) throw new UsageError('--company is required when there is more than one company');
  return rows[0]!.id;
}

const minutes = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export const examCommand: AdminCommand = {
  name: 'exam',
  summary: 'import exam content (each import of a title is a new version) and list exams',
  usage: ['exam import FILE.json [--company ID]', 'exam list [--company ID]', 'exam archive|activate EXAM_ID'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const { values, positional } = parseFlags(rest, { values: ['company'] });
    if (sub === 'import') {
      const [file, ...extra] = positional;
      if (!file || extra.length > 0) throw new UsageError('give exactly one FILE.json');
      const result = await importExam(ctx.database.db, createBlobStore(ctx.config), {
        file, companyId: await companyId(ctx, values.company),
      });
      const q = result.questionCounts;
      ctx.out(`imported exam ${result.examId}: "${result.title}" version ${result.version}`);
      ctx.out(`  questions: listening ${q.listening}, structure ${q.structure}, reading ${q.reading}; `
        + `${result.mediaCount} media files; listening audio ${minutes(result.listeningAudioMs)}`);
      for (const id of result.archivedExamIds) ctx.out(`  archived the previous version ${id}`);
      return;
    }
    if (sub === 'list') {
      if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
      const db = ctx.database.db;
      const company = values.company ? await companyId(ctx, values.company) : undefined;
      const rows = await db.select({
        id: exams.id, title: exams.title, version: exams.version, status: exams.status,
        created_at: exams.created_at, section: examParts.section, n: count(questions.id),
      }).from(exams)
        .leftJoin(examParts, eq(examParts.exam_id, exams.id))
        .leftJoin(questionGroups, eq(questionGroups.part_id, examParts.id))
        .leftJoin(questions, eq(questions.group_id, questionGroups.id))
        .where(company ? eq(exams.company_id, company) : undefined)
        .groupBy(exams.id, examParts.section)
        .orderBy(asc(exams.title), desc(exams.version));
      const byExam = new Map<string, { line: string; counts: string[] }>();
      for (const r of rows) {
        const e = byExam.get(r.id) ?? { line: `${r.id}  v${r.version}  ${r.status.padEnd(8)}  ${r.created_at.toISOString().slice(0, 10)}  ${r.title}`, counts: [] };
        if (r.section) e.counts.push(`${r.section} ${r.n}`);
        byExam.set(r.id, e);
      }
      for (const e of byExam.values()) ctx.out(`${e.line}  (${e.counts.sort().join(', ')})`);
      if (byExam.size === 0) ctx.out('(no exams)');
      return;
    }
    if (sub === 'archive' || sub === 'activate') {
      const [id, ...extra] = positional;
      if (!id || !UUID.test(id) || extra.length > 0) throw new UsageError('give exactly one EXAM_ID');
      const v = await setExamStatus(ctx.database.db, id, sub === 'activate' ? 'active' : 'archived', SHELL_ACTOR, ctx.clock.now());
      if (!v) throw new Error(`no exam ${id}`);
      ctx.out(`${v.id}  v${v.version}  ${v.status}  ${v.title}`);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'import or list?');
  },
};
