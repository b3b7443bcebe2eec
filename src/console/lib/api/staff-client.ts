// The staff console's HTTP client: its own axios instance that sends the staff token (never the
// candidate's), normalises errors into ApiError like the candidate client, and ends the staff
// session on a 401 to an authenticated call. Downloads (CSV, XLSX) go through it too, as blobs.
import axios, { AxiosError } from 'axios';
import { RESET } from 'jotai/utils';
import { STAFF_ERROR_CODES } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { ApiError, apiBase } from '../../../lib/api-auth.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { appStore } from '../../../lib/store.ts';
import { staffNoticeAtom, staffSessionAtom } from '../staff-session.ts';

export const staffApi = axios.create({ baseURL: apiBase, timeout: 60_000 });

const token = () => appStore.get(staffSessionAtom)?.token ?? null;

staffApi.interceptors.request.use((config) => {
  const t = token();
  if (t) config.headers.set('Authorization', `Bearer ${t}`);
  return config;
});

/** An ApiError with the error body's machine-readable code and the body itself (e.g. a CSV's row errors). */
export class StaffApiError extends ApiError {
  readonly code: string | undefined;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(status, message);
    this.body = body;
    const code = (body as { code?: unknown } | null | undefined)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** The error body as JSON (a Blob when a download failed). */
async function bodyOf(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try { return JSON.parse(await data.text()); } catch { return undefined; }
  }
  return data;
}

staffApi.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    if (!(error instanceof AxiosError)) throw error;
    const res = error.response;
    if (!res) throw new ApiError(0, error.message);
    const authenticated = Boolean(error.config?.headers?.get?.('Authorization'));
    const body = await bodyOf(res.data);
    const message = (body as { message?: unknown } | undefined)?.message;
    const failure = new StaffApiError(res.status, typeof message === 'string' ? message : error.message, body);
    if (res.status === 401 && authenticated) {
      appStore.set(staffNoticeAtom, { tone: 'error', text: staffMessages.app.sessionExpired });
      appStore.set(staffSessionAtom, RESET);
    }
    // An operator without two-factor login: the guard then shows the enrolment page only.
    if (res.status === 403 && failure.code === STAFF_ERROR_CODES.totpRequired) {
      appStore.set(staffSessionAtom, (s) => (s ? { ...s, staff: { ...s.staff, totp_required: true } } : s));
    }
    throw failure;
  },
);

/** Fetches a file with the staff token and hands it to the browser as a download. */
export async function downloadFile(path: string, params: Record<string, string | number | undefined>, fallbackName: string): Promise<void> {
  const res = await staffApi.get<Blob>(path, { params, responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(res.data, decodeURIComponent(name));
}

