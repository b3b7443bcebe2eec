// The operator's API (contracts/admin-operator.ts): companies, institutions, the announcement and
// its images, maintenance, exam import and versions, certificates and shipments.
import type { z } from 'zod';
import type {
  certificateLookupResponseSchema, certificateReissueResponseSchema, certificateRevokeResponseSchema, companyListResponseSchema,
  companyResponseSchema, examImportProblemsSchema, examImportResponseSchema, examListResponseSchema, institutionListResponseSchema,
  institutionResponseSchema, shipmentResponseSchema, shipmentUpdateSchema,
} from '../../../../../contracts/admin-operator.ts';
import { EXAM_IMPORT_FIELDS } from '../../../../../contracts/admin-operator.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi, StaffApiError } from '../../../lib/api/staff-client.ts';

const p = apiPaths.adminOperator;
type Data<S extends z.ZodType> = z.infer<S> extends { data: infer D } ? D : never;

export type Company = Data<typeof companyResponseSchema>;
export type Institution = Data<typeof institutionResponseSchema>;
export type ExamVersion = Data<typeof examListResponseSchema>['list'][number];
export type ExamImportResult = Data<typeof examImportResponseSchema>;
export type ExamImportProblems = z.infer<typeof examImportProblemsSchema>['data'];
export type Certificate = Data<typeof certificateLookupResponseSchema>['list'][number];
export type Shipment = Data<typeof shipmentResponseSchema>;
export type ShipmentUpdate = z.input<typeof shipmentUpdateSchema>;

interface Answer<T> { message: string; data: T }
const answer = <T>(res: { data: { message: string; data: T } }): Answer<T> => ({ message: res.data.message, data: res.data.data });

export const listCompanies = async () => (await staffApi.get<z.infer<typeof companyListResponseSchema>>(p.companies)).data.data.list;
export const createCompany = async (name: string) => answer(await staffApi.post<z.infer<typeof companyResponseSchema>>(p.companies, { name }));
export const renameCompany = async (id: string, name: string) => answer(await staffApi.put<z.infer<typeof companyResponseSchema>>(fillPath(p.company, { id }), { name }));
/** `images` (site-relative) replace the maintenance screen's pictures; absent: unchanged. */
export const setMaintenance = async (id: string, maintenance: boolean, images?: string[]) =>
  answer(await staffApi.put<z.infer<typeof companyResponseSchema>>(fillPath(p.companyMaintenance, { id }), { maintenance, ...(images ? { images } : {}) }));
export const saveAnnouncement = async (id: string, body: Company['announcement']) =>
  answer(await staffApi.put<z.infer<typeof companyResponseSchema>>(fillPath(p.companyAnnouncement, { id }), body));

export type CompanyImageKind = 'announcement' | 'maintenance';
const IMAGE_PATHS: Record<CompanyImageKind, string> = { announcement: p.companyAnnouncementImages, maintenance: p.companyMaintenanceImages };

export async function uploadCompanyImage(kind: CompanyImageKind, companyId: string, file: File): Promise<Answer<{ id: string; url: string }>> {
  const form = new FormData();
  form.append('file', file);
  return answer(await staffApi.post(fillPath(IMAGE_PATHS[kind], { id: companyId }), form));
}

export const listInstitutions = async (companyId: string) =>
  (await staffApi.get<z.infer<typeof institutionListResponseSchema>>(p.institutions, { params: { company_id: companyId } })).data.data.list;
export const createInstitution = async (company_id: string, name: string) =>
  answer(await staffApi.post<z.infer<typeof institutionResponseSchema>>(p.institutions, { company_id, name }));
export const renameInstitution = async (id: string, name: string) =>
  answer(await staffApi.put<z.infer<typeof institutionResponseSchema>>(fillPath(p.institution, { id }), { name }));

export const listExams = async (companyId: string) =>
  (await staffApi.get<z.infer<typeof examListResponseSchema>>(p.exams, { params: { company_id: companyId } })).data.data.list;
export const setExamStatus = async (id: string, status: 'active' | 'archived') =>
  answer(await staffApi.put<{ message: string; data: ExamVersion }>(fillPath(p.examStatus, { id }), { status }));

/** The import's result, or the importer's problem list (422) as the CLI prints it. */
export async function importExamZip(companyId: string, file: File): Promise<{ ok: Answer<ExamImportResult> } | { problems: ExamImportProblems; message: string }> {
  const form = new FormData();
  form.append(EXAM_IMPORT_FIELDS.company, companyId);
  form.append(EXAM_IMPORT_FIELDS.file, file);
  try {
    return { ok: answer(await staffApi.post<z.infer<typeof examImportResponseSchema>>(p.examImport, form, { timeout: 600_000 })) };
  } catch (err) {
    if (err instanceof StaffApiError && err.status === 422) {
      return { problems: (err.body as z.infer<typeof examImportProblemsSchema>).data, message: err.message };
    }
    throw err;
  }
}

export const findCertificates = async (q: string) =>
  (await staffApi.get<z.infer<typeof certificateLookupResponseSchema>>(p.certificates, { params: { q } })).data.data.list;
export const revokeCertificate = async (number: string, reason: string) =>
  answer(await staffApi.post<z.infer<typeof certificateRevokeResponseSchema>>(fillPath(p.certificateRevoke, { number }), { reason }));
export const reissueCertificate = async (order_no: string, name: string) =>
  answer(await staffApi.post<z.infer<typeof certificateReissueResponseSchema>>(p.certificateReissue, { order_no, name }));

export const getShipment = async (orderNo: string) =>
  (await staffApi.get<z.infer<typeof shipmentResponseSchema>>(fillPath(p.shipment, { order_no: orderNo }))).data.data;
export const updateShipment = async (orderNo: string, body: ShipmentUpdate) =>
  answer(await staffApi.put<z.infer<typeof shipmentResponseSchema>>(fillPath(p.shipment, { order_no: orderNo }), body));
