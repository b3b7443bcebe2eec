// Upload helpers for tests: a multipart/form-data body built by hand (inject() takes a Buffer) and
// bytes that start like a PNG or a JPEG (the server looks only at the leading magic bytes).
import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.ts';

export const pngBytes = (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(Math.max(0, size - 8))]);
export const jpegBytes = (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(Math.max(0, size - 6)), Buffer.from([0xff, 0xd9])]);

export interface FilePart { field?: string; filename: string; contentType?: string; data: Buffer }

export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----epot${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n`
      + `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const UPLOAD_URL = '/api/storage/v1/media/user/upload';

/** POSTs an upload as the member; `fields` defaults to the spec's title and source. */
export async function upload(t: TestApp, authorization: string | undefined, file: FilePart | FilePart[], fields: Record<string, string> = { title: 'foto', source: 'upload' }) {
  const { payload, contentType } = multipartBody(fields, Array.isArray(file) ? file : [file]);
  const res = await t.app.inject({
    method: 'POST', url: UPLOAD_URL, payload,
    headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
  });
  return { code: res.statusCode, body: res.json() as { status: number; message: string; data: { id: string; public_url: string; mime: string } }, res };
}
