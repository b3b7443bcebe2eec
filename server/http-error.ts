// The error routes throw on purpose: its status and message reach the client as they are
// (the error handler hides the message of everything else that fails with a 5xx).
/** A 503's text: something the request needs (the database, the file store) is down for now. */
export const UNAVAILABLE_MESSAGE = 'Layanan sedang tidak tersedia, silakan coba lagi sebentar lagi';

/** A 507's text: the server's disk (or the database's) is full; nothing of this request was stored. */
export const STORAGE_FULL_MESSAGE = 'Penyimpanan server penuh, data belum tersimpan. Silakan coba lagi nanti';

export class HttpError extends Error {
  readonly status: number;
  /** Extra fields of the error body (a machine-readable `code`, a list of row `errors`). */
  readonly extra: { code?: string; errors?: unknown[] } | undefined;

  constructor(status: number, message: string, extra?: { code?: string; errors?: unknown[] }) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
  }

  static badRequest(message = 'Permintaan tidak valid') { return new HttpError(400, message); }
  static unauthorized(message = 'Sesi tidak valid, silakan masuk kembali') { return new HttpError(401, message); }
  static forbidden(message = 'Akses ditolak') { return new HttpError(403, message); }
  static notFound(message = 'Data tidak ditemukan') { return new HttpError(404, message); }
  static conflict(message = 'Data sudah ada') { return new HttpError(409, message); }
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}
