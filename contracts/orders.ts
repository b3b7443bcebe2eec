// Licences, orders, company and institution (spec accounts 3, 5, 7; sections 3, 7).
// `license` on the wire is the licence's id (the plain code is shown once when issued and only its
// hash is stored); `license_hint` is the code's last four characters for display.
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `Maksimal ${max} karakter`);

export const surveyMetaSchema = z.object({
  job: required('Pekerjaan Tidak Boleh Kosong'),
  certificate_for: required('Penggunaan Sertifikat Tidak Boleh Kosong'),
});
export type SurveyMeta = z.infer<typeof surveyMetaSchema>;

export const orderCreateRequestSchema = z.object({
  license: required('Kode lisensi tidak boleh kosong', 40),
  meta: surveyMetaSchema,
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;

export const orderStatusSchema = z.enum(['not_started', 'in_progress', 'completed', 'disqualified']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderSettingsSchema = z.object({
  use_face_detection: z.boolean(),
  use_speech_detection: z.boolean(),
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

/** Extra time granted before the test (contracts/facts/accommodations.ts); null: none. */
export const timeAccommodationSchema = z.object({
  factor: z.union([z.literal(1), z.literal(1.25), z.literal(1.5), z.literal(2)]),
  extra_minutes: z.number().int().min(0),
  /** Minutes of break allowed after listening and after structure; 0: none. */
  break_minutes: z.number().int().min(0),
});

export const orderListItemSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  created_at: z.string(),
  license: z.string(),
  license_hint: z.string(),
  status: orderStatusSchema,
  is_b2b: z.boolean(),
  meta: surveyMetaSchema,
  time_accommodation: timeAccommodationSchema.nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const orderListResponseSchema = okEnvelope(pagedList(orderListItemSchema));
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderCreateResponseSchema = okEnvelope(orderListItemSchema);

/**
 * Version of the rules text on the preparation page (src/features/preparation); the consent record
 * names it. Bump it whenever that text changes.
 */
export const RULES_VERSION = '2026-12-01';

const version = z.string().trim().min(1).max(40);
/**
 * The preparation page's consents, each recorded in the ledger with the version of its text (issue
 * 19): the rules (required), the camera and face photos (`biometric_version`, given separately;
 * required to start a test that uses the camera) and cloud speech recognition
 * (`cloud_speech_version`, optional, only where the institution allows it).
 */
export const consentRequestSchema = z.object({
  rules_version: version,
  accepted: z.literal(true, { error: 'Persetujuan wajib dicentang' }),
  biometric_version: version.optional(),
  cloud_speech_version: version.optional(),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;
export const consentSchema = z.object({
  rules_version: z.string(),
  checks: z.object({ face: z.boolean(), voice: z.boolean(), new_tab: z.boolean(), camera: z.boolean(), photos: z.boolean() }),
  created_at: z.string(),
});
/** What the order's consents allow now (GET and POST order.consent). */
export const orderConsentStateSchema = z.object({
  /** The order's checks use the camera: a live biometric consent is needed to start. */
  biometric_required: z.boolean(),
  biometric: z.boolean(),
  /** The member's institution allows cloud speech recognition (then it may be consented to). */
  cloud_speech_offered: z.boolean(),
  /** Both yeses: the institution allows it and the member's consent is live. */
  cloud_speech: z.boolean(),
});
export type OrderConsentState = z.infer<typeof orderConsentStateSchema>;
export const consentResponseSchema = okEnvelope(consentSchema.extend(orderConsentStateSchema.shape));
export const orderConsentStateResponseSchema = okEnvelope(orderConsentStateSchema);

export const deviceReportRequestSchema = z.object({
  device: z.enum(['audio', 'camera', 'microphone']),
  problem: z.string().trim().min(1).max(500),
});
export const deviceReportSchema = deviceReportRequestSchema.extend({ created_at: z.string() });
export const deviceReportResponseSchema = okEnvelope(z.object({ reports: z.array(deviceReportSchema) }));

export const orderSettingsResponseSchema = okEnvelope(z.object({ settings: orderSettingsSchema }));
export const startTestResponseSchema = okEnvelope(z.object({ id: z.string(), status: orderStatusSchema, started_at: z.string() }));

// ---- company and institution ----------------------------------------------------------------

export const companyDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  maintenance: z.boolean(),
  settings: z.object({
    announcement: z.object({ is_active: z.boolean(), images: z.array(z.object({ url: z.string() })) }),
    /** Not in the spec: the pictures the maintenance dialog shows while `maintenance` is on (empty: the default one). */
    maintenance: z.object({ images: z.array(z.object({ url: z.string() })) }),
  }),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
export const companyDetailResponseSchema = okEnvelope(companyDetailSchema);

const flags = z.object({ face: z.boolean(), voice: z.boolean(), new_tab: z.boolean() });
export const institutionDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  active_camera: z.boolean(),
  setting: z.object({ identification: flags, failed: flags }),
});
export type InstitutionDetail = z.infer<typeof institutionDetailSchema>;
export const institutionDetailResponseSchema = okEnvelope(institutionDetailSchema);

export const idParamSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const licenceParamSchema = z.object({ license: z.string().trim().min(1).max(64) });
