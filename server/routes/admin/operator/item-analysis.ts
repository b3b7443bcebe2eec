// Issue 31: the operator's item analysis of an exam version, as JSON and as CSV for
// psychometricians. Each read is audited like the other staff reads of results.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { ITEM_ANALYSIS_CSV_HEADERS, itemAnalysisResponseSchema } from '../../../../contracts/admin-insights.ts';
import { uuidParamSchema as params } from '../../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { exams } from '../../../db/schema/index.ts';
import { HttpError } from '../../../http-error.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { itemAnalysis, type ItemAnalysis } from '../../../services/insights/item-analysis.ts';
import { appendAudit } from '../../../services/staff/audit.ts';

const tags = ['staff-operator'];
const LETTERS = ['A', 'B', 'C', 'D'] as const;
const fixed = (x: number | null) => (x === null ? '' : x.toFixed(4));

export function itemAnalysisCsv(a: ItemAnalysis): string {
  const rows = a.items.map((it) => {
    const by = (f: 'share' | 'upper_share' | 'lower_share') => LETTERS.map((_, i) => { const o = it.options[i]; return o ? fixed(o[f]) : ''; });
    const key = it.options.find((o) => o.is_key);
    return [it.section, it.number, it.question_id, it.n, fixed(it.p), fixed(it.discrimination), key ? LETTERS[key.index] ?? '' : '',
      ...by('share'), ...by('upper_share'), ...by('lower_share'), it.flags.join(' ')];
  });
  return stringify(rows, { bom: true, header: true, columns: [...ITEM_ANALYSIS_CSV_HEADERS], record_delimiter: 'windows', escape_formulas: true });
}

export const operatorItemAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (examId: string) => {
    const [exam] = await app.db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId));
    if (!exam) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return itemAnalysis(app.db, examId);
  };

  app.get(apiPaths.adminOperator.examItemAnalysis, {
    schema: { summary: 'Item analysis of an exam version: difficulty, discrimination, options, KR-20 and SEM, flags (operator, audited)', tags, params, response: { 200: itemAnalysisResponseSchema } },
  }, async (req) => {
    const data = await load(req.params.id);
    await appendAudit(app.db, actorOf(req), { action: 'insights.item_analysis', targetType: 'exam', targetId: req.params.id, institutionId: null, after: { format: 'json' } }, app.clock.now());
    return { status: 200 as const, message: 'OK', data };
  });

  app.get(apiPaths.adminOperator.examItemAnalysisCsv, {
    schema: { summary: 'Item analysis of an exam version as CSV (operator, audited)', tags, params },
  }, async (req, reply) => {
    const data = await load(req.params.id);
    await appendAudit(app.db, actorOf(req), { action: 'insights.item_analysis', targetType: 'exam', targetId: req.params.id, institutionId: null, after: { format: 'csv' } }, app.clock.now());
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analisis-butir-${req.params.id}.csv"`).send(itemAnalysisCsv(data));
  });
};
