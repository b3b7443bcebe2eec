// HTTP schemas of the operator's part of the staff console (/api/admin/v1/…, operator role only):
// companies and institutions, announcements and maintenance, exam import and versions,
// certificates and shipments. Snake_case, the spec's envelope (contracts/admin.ts has the rest).
import { z } from 'zod';
import { institutionSettingsSchema } from './admin.ts';
import { shipmentStatusSchema } from './certificates.ts';
import { okEnvelope } from './envelope.ts';
import { OPERATOR_MESSAGES } from './facts/index.ts';

const name = z.string().trim().min(1).max(200);
export const uuidParamSchema = z.object({ id: z.uuid() });

/** Site-relative (the page is cross-origin isolated with img-src 'self'): '/images/a.png', never '//host' or 'https:'. */
export const SITE_RELATIVE_URL = /^\/(?!\/)[^\s"'<>\\]+$/;
export const announcementImageUrlSchema = z.string().max(500).regex(SITE_RELATIVE_URL, { message: OPERATOR_MESSAGES.imageUrl });

// ---- companies ---------------------------------------------------------------------------------

export const announcementSchema = z.object({
  is_active: z.boolean(),
  images: z.array(announcementImageUrlSchema).max(10),
});
export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  maintenance: z.boolean(),
  /** Shown to candidates on the maintenance screen instead of the default picture. */
  maintenance_images: z.array(z.string()),
  announcement: announcementSchema,
  institution_count: z.number().int(),
  created_at: z.string(),
});
export type OperatorCompany = z.infer<typeof companySchema>;
export const companyListResponseSchema = okEnvelope(z.object({ list: z.array(companySchema) }));
export const companyResponseSchema = okEnvelope(companySchema);
export const companyCreateSchema = z.object({ name });
export const companyRenameSchema = z.object({ name });
/** `images` (site-relative, as the announcement's) replace the maintenance screen's pictures; absent: unchanged. */
export const maintenanceSchema = z.object({ maintenance: z.boolean(), images: z.array(announcementImageUrlSchema).max(10).optional() });
export const announcementImageResponseSchema = okEnvelope(z.object({ id: z.uuid(), url: z.string() }));

// ---- institutions ------------------------------------------------------------------------------

export const institutionListQuerySchema = z.object({ company_id: z.uuid().optional() });
export const institutionSchema = institutionSettingsSchema.extend({
  id: z.uuid(),
  company_id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
});
export type OperatorInstitution = z.infer<typeof institutionSchema>;
export const institutionListResponseSchema = okEnvelope(z.object({ list: z.array(institutionSchema) }));
export const institutionResponseSchema = okEnvelope(institutionSchema);
export const institutionCreateSchema = z.object({
  company_id: z.uuid(),
  name,
  active_camera: z.boolean().default(true),
  setting: institutionSettingsSchema.shape.setting.optional(),
});
export const institutionRenameSchema = z.object({ name });

// ---- exams -------------------------------------------------------------------------------------

export const examListQuerySchema = z.object({ company_id: z.uuid().optional() });
export const examVersionSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  title: z.string(),
  version: z.number().int(),
  status: z.enum(['active', 'archived']),
  created_at: z.string(),
  question_counts: z.object({ listening: z.number().int(), structure: z.number().int(), reading: z.number().int() }),
});
export type ExamVersion = z.infer<typeof examVersionSchema>;
export const examListResponseSchema = okEnvelope(z.object({ list: z.array(examVersionSchema) }));
export const examStatusSchema = z.object({ status: z.enum(['active', 'archived']) });
export const examStatusResponseSchema = okEnvelope(examVersionSchema);

/** Multipart fields of the import: `file` (the zip) and `company_id`. */
export const EXAM_IMPORT_FIELDS = { file: 'file', company: 'company_id' } as const;
export const examImportResultSchema = z.object({
  exam_id: z.uuid(),
  title: z.string(),
  version: z.number().int(),
  archived_exam_ids: z.array(z.uuid()),
  question_counts: z.object({ listening: z.number().int(), structure: z.number().int(), reading: z.number().int() }),
  media_count: z.number().int(),
  listening_audio_ms: z.number().int(),
});
export const examImportResponseSchema = okEnvelope(examImportResultSchema);
/** A file that failed the importer's checks answers 422 with the problems as the CLI lists them. */
export const examImportProblemsSchema = z.object({
  status: z.literal(422),
  message: z.string(),
  data: z.object({ file: z.string(), problems: z.array(z.string()) }),
});

// ---- certificates and shipments ----------------------------------------------------------------

export const certificateLookupQuerySchema = z.object({ q: z.string().trim().min(1).max(64) });
export const operatorCertificateSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  order_no: z.string(),
  name: z.string(),
  status: z.enum(['valid', 'revoked']),
  revoked_reason: z.string().nullable(),
  issued_at: z.string(),
  verify_url: z.string(),
});
export const certificateLookupResponseSchema = okEnvelope(z.object({ list: z.array(operatorCertificateSchema) }));
export const certificateNumberParamSchema = z.object({ number: z.string().trim().min(1).max(40) });
export const certificateRevokeSchema = z.object({ reason: z.string().trim().min(1).max(300) });
export const certificateRevokeResponseSchema = okEnvelope(z.object({ certificate: operatorCertificateSchema, changed: z.boolean() }));
export const certificateReissueSchema = z.object({ order_no: z.string().trim().min(1).max(64), name });
export const certificateReissueResponseSchema = okEnvelope(z.object({
  certificate: operatorCertificateSchema,
  replaced_number: z.string().nullable(),
}));

export const orderNoParamSchema = z.object({ order_no: z.string().trim().min(1).max(64) });
export const shipmentUpdateSchema = z.object({
  status: shipmentStatusSchema,
  waybill: z.string().trim().min(1).max(64).optional(),
  courier_company: z.string().trim().min(1).max(100).optional(),
  note: z.string().trim().max(500).default(''),
});
export const operatorShipmentSchema = z.object({
  order_no: z.string(),
  status: shipmentStatusSchema,
  waybill_id: z.string().nullable(),
  courier_company: z.string(),
  history: z.array(z.object({ updated_at: z.string(), note: z.string(), status: shipmentStatusSchema })),
  updated_at: z.string(),
});
export const shipmentResponseSchema = okEnvelope(operatorShipmentSchema);
