// `npm run admin -- exam import FILE.json` / `exam list`: exam content (see docs/content-format.md).
// An import of a title that exists makes a new version and archives the old one.
import { asc, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { importExam } from '../../services/exam/exam-import.ts';
import { createBlobStore } from '../../services/media/blob-store.ts';
import { listExamVersions, setExamStatus } from '../../services/operator/exams.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';
import { UUID } from '../../uuid.ts';

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
      const company = values.company ? await companyId(ctx, values.company) : undefined;
      // The console's list (one query, one place); the shell prints it a line per version.
      const versions = await listExamVersions(ctx.database.db, company);
      for (const v of versions) {
        const counts = Object.entries(v.question_counts).filter(([, n]) => n > 0).map(([section, n]) => `${section} ${n}`).sort();
        ctx.out(`${v.id}  v${v.version}  ${v.status.padEnd(8)}  ${v.created_at.slice(0, 10)}  ${v.title}  (${counts.join(', ')})`);
      }
      if (versions.length === 0) ctx.out('(no exams)');
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
