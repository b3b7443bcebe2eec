// Exam versions: list, import a zip of exam.json and its media (the importer's problems answer 422
// exactly as the CLI lists them), archive or activate a version.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXAM_IMPORT_FIELDS, examImportProblemsSchema, examImportResponseSchema, examListQuerySchema, examListResponseSchema,
  examStatusResponseSchema, examStatusSchema, uuidParamSchema as params,
} from '../../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { EXAM_ZIP_MAX_BYTES, OPERATOR_MESSAGES, STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { HttpError } from '../../../http-error.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { ExamImportError } from '../../../services/exam/exam-import.ts';
import { importExamZip, listExamVersions, setExamStatus } from '../../../services/operator/exams.ts';
import { readUpload, uploadLimits } from './multipart-file.ts';

const tags = ['staff-operator'];

export const operatorExamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.adminOperator.exams, {
    schema: { summary: 'Exam versions, newest first per title (operator)', tags, querystring: examListQuerySchema, response: { 200: examListResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: { list: await listExamVersions(app.db, req.query.company_id) } }));

  app.put(apiPaths.adminOperator.examStatus, {
    schema: { summary: 'Archive or activate an exam version (operator, audited)', tags, params, body: examStatusSchema, response: { 200: examStatusResponseSchema } },
  }, async (req) => {
    const row = await setExamStatus(app.db, req.params.id, req.body.status, actorOf(req), app.clock.now());
    if (!row) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: req.body.status === 'active' ? OPERATOR_MESSAGES.examActivated : OPERATOR_MESSAGES.examArchived, data: row };
  });

  await app.register(async (upload) => {
    await upload.register(multipart, uploadLimits(EXAM_ZIP_MAX_BYTES));
    upload.post(apiPaths.adminOperator.examImport, {
      schema: {
        summary: 'Import a zip of exam.json and its media (multipart file, company_id; operator, audited)', tags,
        consumes: ['multipart/form-data'], response: { 200: examImportResponseSchema, 422: examImportProblemsSchema },
      },
    }, async (req, reply) => {
      const zipPath = join(tmpdir(), `epot-upload-${randomUUID()}.zip`);
      try {
        const { fields } = await readUpload(req, EXAM_ZIP_MAX_BYTES, zipPath);
        const companyId = z.uuid().safeParse(fields[EXAM_IMPORT_FIELDS.company]);
        if (!companyId.success) throw new HttpError(400, OPERATOR_MESSAGES.companyRequired);
        const r = await importExamZip(app.db, app.blobs, { zipPath, companyId: companyId.data, actor: actorOf(req), now: app.clock.now() });
        return {
          status: 200 as const, message: OPERATOR_MESSAGES.examImported,
          data: {
            exam_id: r.examId, title: r.title, version: r.version, archived_exam_ids: r.archivedExamIds,
            question_counts: r.questionCounts, media_count: r.mediaCount, listening_audio_ms: r.listeningAudioMs,
          },
        };
      } catch (err) {
        if (!(err instanceof ExamImportError)) throw err;
        return reply.code(422).send({ status: 422 as const, message: OPERATOR_MESSAGES.examProblems, data: { file: err.file, problems: err.problems } });
      } finally {
        await rm(zipPath, { force: true });
      }
    });
  });
};
