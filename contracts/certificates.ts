// Certificates, public verification and printed-certificate shipping (spec accounts 3, 4, 7, 9).
// The server issues the certificate (PDF with a QR code to the public verification page) when an
// order completes; `sertificate` is the spec's spelling on the wire.
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { EVIDENCE_STATUSES } from './facts/index.ts';

/** Spec 9: the certificate list is read 10 at a time, newest end of test first. */
export const CERTIFICATE_PAGE_SIZE = 10;

/** 'EPOT-' + 12 characters of the licence alphabet (no 0, 1, I, O). */
export const CERTIFICATE_NUMBER_RE = /^EPOT-[2-9A-HJ-NP-Z]{12}$/;

/** Where the verification page lives in the SPA; the QR code carries `<origin>/verify/<number>#<credential>` (contracts/credential.ts). */
export const VERIFY_PATH_PREFIX = '/verify/';

/** 'expired' is derived: valid_until has passed. */
export const certificateStatusSchema = z.enum(['valid', 'expired', 'revoked']);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** Spec 9 proficiency levels by predicted score (facts/proficiency.ts). */
export { PROFICIENCY_LEVELS } from './facts/index.ts';

/** Issue 27: facts/evidence.ts EVIDENCE_STATUSES. */
export const evidenceStatusSchema = z.enum(EVIDENCE_STATUSES);

export const sectionScoresSchema = z.object({ listening: z.number().int(), structure: z.number().int(), reading: z.number().int() });

/** The certificate as its owner sees it (list item, detail-full, update-sertificate). */
export const certificateRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: certificateStatusSchema,
  issued_at: z.string(),
  valid_until: z.string(),
  /** The PDF in the media store; GET media.detail gives a fresh `public_url` for it. */
  media_id: z.string(),
  /** Signed, short-lived URL of the PDF. */
  public_url: z.string(),
  /** What the QR code encodes: the public verification page. */
  verify_url: z.string(),
  /** Issue 28: the signed compact credential (contracts/credential.ts); null on a certificate not yet signed. */
  credential: z.string().nullable().optional(),
});
export type CertificateRef = z.infer<typeof certificateRefSchema>;

export const shipmentStatusSchema = z.enum(['scheduled', 'picked_up', 'in_transit', 'delivered', 'returned', 'cancelled']);
export type ShipmentStatus = z.infer<typeof shipmentStatusSchema>;

// ---- list-sertificate ---------------------------------------------------------------------------

export const certificateListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CERTIFICATE_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort_by: z.enum(['end_test']).default('end_test'),
  sort_type: z.enum(['desc', 'asc']).default('desc'),
});
export type CertificateListQuery = z.input<typeof certificateListQuerySchema>;

export const certificateListItemSchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  /** When the test ended (the order's completion). */
  end_test: z.string(),
  /** The predicted score (total, 310-677). */
  score: z.number().int(),
  level: z.string(),
  /** The licence's id (as in the order list). */
  license: z.string(),
  sertificate: certificateRefSchema.nullable(),
  shipping: z.object({
    order_id: z.string(),
    waybill_id: z.string().nullable(),
    status: shipmentStatusSchema,
  }).nullable(),
  /**
   * Issue 27 (not in the spec): the proctoring evidence of the attempt. 'pending_review': evidence
   * the rules required is missing, `sertificate` stays null until a reviewer decides ('released'
   * issues it, 'refused' does not); 'complete': nothing missing. Null while not yet judged.
   */
  evidence_status: evidenceStatusSchema.nullable().optional(),
});
export type CertificateListItem = z.infer<typeof certificateListItemSchema>;
export const certificateListResponseSchema = okEnvelope(pagedList(certificateListItemSchema));
export type CertificateListResponse = z.infer<typeof certificateListResponseSchema>;

// ---- update-sertificate -------------------------------------------------------------------------

/** Links the order's certificate; `sertificate_id` is the certificate's id or its PDF's media id. */
export const updateSertificateRequestSchema = z.object({
  order_id: z.string().trim().min(1).max(64),
  sertificate_id: z.string().trim().min(1).max(64),
});
export const updateSertificateResponseSchema = okEnvelope(z.object({ order_id: z.string(), sertificate: certificateRefSchema }));

// ---- shipping tracking --------------------------------------------------------------------------

const contactSchema = z.object({
  contact_name: z.string(), contact_phone: z.string(), address: z.string(), note: z.string(), postal_code: z.string(),
});

export const shippingTrackingSchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  waybill_id: z.string().nullable(),
  courier: z.object({
    company: z.string(), type: z.string(), name: z.string(), phone: z.string(), tracking_id: z.string(), link: z.string(),
  }),
  status: shipmentStatusSchema,
  origin: contactSchema,
  destination: contactSchema,
  /** Oldest first. */
  history: z.array(z.object({ updated_at: z.string(), note: z.string(), status: shipmentStatusSchema })),
  delivery: z.object({ datetime: z.string().nullable(), note: z.string(), type: z.string() }),
  items: z.array(z.object({ name: z.string(), description: z.string(), quantity: z.number().int() })),
  /** Rupiah. */
  price: z.number().int(),
  note: z.string(),
  shipper: z.string(),
  /** Spec 4: the next working day, 08.00 WIB. */
  planned_ship_at: z.string(),
});
export type ShippingTracking = z.infer<typeof shippingTrackingSchema>;
export const shippingTrackingResponseSchema = okEnvelope(shippingTrackingSchema);

// ---- public verification ------------------------------------------------------------------------

export const certificateNumberParamSchema = z.object({ number: z.string().trim().min(1).max(40) });

/** What anyone holding the number may see: nothing more personal than the name. */
export const publicCertificateSchema = z.object({
  number: z.string(),
  name: z.string(),
  test_date: z.string(),
  scores: sectionScoresSchema,
  total: z.number().int(),
  level: z.string(),
  cefr: z.string(),
  valid_until: z.string(),
  status: certificateStatusSchema,
  /**
   * Issue 17: why a revoked certificate was revoked, as a category (REVOCATION_CATEGORIES: after a
   * proctoring review, replaced by a new certificate, by the issuer); never the reviewer's note.
   */
  revoked_reason: z.string().nullable().optional(),
  /** Issue 28: the signed compact credential (contracts/credential.ts); null on a certificate not yet signed. */
  credential: z.string().nullable().optional(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;
export const publicCertificateResponseSchema = okEnvelope(publicCertificateSchema);

// ---- Open Badges 3.0 (issue 28) ------------------------------------------------------------------

/** The result as an OpenBadgeCredential: `jwt` is the credential secured per OB 3.0 §8.2 (VC-JWT). */
export const openBadgeResponseSchema = okEnvelope(z.object({
  jwt: z.string(),
  /** Suggested download name, e.g. `epot-EPOT-XXXXXXXXXXXX.jwt`. */
  file_name: z.string(),
  /** The credential itself (the JWT's payload without the JWT claims), for display. */
  credential: z.record(z.string(), z.unknown()),
}));
export type OpenBadgeResponse = z.infer<typeof openBadgeResponseSchema>;

// ---- courier webhook ----------------------------------------------------------------------------

/** Header carrying hex HMAC-SHA256(COURIER_WEBHOOK_SECRET, raw body); `sha256=` prefix allowed. */
export const COURIER_SIGNATURE_HEADER = 'x-signature';

export const courierWebhookSchema = z.object({
  /** The courier's event id: the same event twice appends history once. */
  event_id: z.string().trim().min(1).max(100),
  order_no: z.string().trim().min(1).max(64).optional(),
  waybill_id: z.string().trim().min(1).max(64).optional(),
  status: shipmentStatusSchema,
  note: z.string().trim().max(500).default(''),
  /** When it happened at the courier (ISO 8601); default: when received. */
  updated_at: z.iso.datetime({ offset: true }).optional(),
  courier: z.object({
    company: z.string().trim().max(100), name: z.string().trim().max(100), phone: z.string().trim().max(40),
    tracking_id: z.string().trim().max(100), link: z.url().max(500).or(z.literal('')),
  }).partial().optional(),
  delivery: z.object({ datetime: z.iso.datetime({ offset: true }).nullable(), note: z.string().trim().max(500), type: z.string().trim().max(40) })
    .partial().optional(),
}).refine((b) => b.order_no || b.waybill_id, { message: 'order_no atau waybill_id wajib diisi', path: ['waybill_id'] });
export type CourierWebhook = z.input<typeof courierWebhookSchema>;
export const courierWebhookResponseSchema = okEnvelope(z.object({ applied: z.boolean(), status: shipmentStatusSchema }));
