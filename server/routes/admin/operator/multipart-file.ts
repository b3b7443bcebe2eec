// Reads an operator upload: exactly one file in the `file` field (into memory, or streamed to a
// temporary file for large ones) and a few short text fields. The limits are the multipart
// plugin's, registered by the route's scope; a file over the limit answers 413.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { HttpError } from '../../../http-error.ts';
import { NUL_MESSAGE, wellFormed } from '../../../plugins/input-guard.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The file's bytes (when no `toPath` was given). */
  bytes?: Buffer;
  /** Its size in bytes (0: no file). */
  size: number;
}

/** `toPath`: stream the file there instead of keeping it in memory. */
export async function readUpload(req: FastifyRequest, maxBytes: number, toPath?: string): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw new HttpError(415, OPERATOR_MESSAGES.notMultipart);
  const out: MultipartUpload = { fields: {}, size: 0 };
  let files = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (String(part.value).includes('\u0000')) throw new HttpError(400, `${part.fieldname}: ${NUL_MESSAGE}`);
        out.fields[part.fieldname] = wellFormed(String(part.value));
        continue;
      }
      if (part.fieldname !== 'file' || ++files > 1) {
        part.file.resume();
        throw new HttpError(400, OPERATOR_MESSAGES.oneFile);
      }
      if (toPath) {
        await pipeline(part.file, createWriteStream(toPath));
        if (part.file.truncated) throw new HttpError(413, OPERATOR_MESSAGES.fileTooLarge(Math.round(maxBytes / (1024 * 1024))));
        out.size = part.file.bytesRead;
      } else {
        out.bytes = await part.toBuffer();
        out.size = out.bytes.length;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    // A second file trips the multipart plugin's `files: 1` limit (its 413): it is the wrong request, not too large.
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, OPERATOR_MESSAGES.oneFile);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, OPERATOR_MESSAGES.fileTooLarge(Math.round(maxBytes / (1024 * 1024))));
    if (!(err instanceof HttpError) && typeof (err as { statusCode?: unknown }).statusCode !== 'number') {
      req.log.info({ reason: (err as Error).message }, 'malformed multipart body');
      throw new HttpError(400, OPERATOR_MESSAGES.notMultipart);
    }
    throw err;
  }
  if (out.size === 0) throw new HttpError(400, OPERATOR_MESSAGES.fileRequired);
  return out;
}

/** The multipart plugin's limits for one file of at most `maxBytes` and a few short fields. */
export const uploadLimits = (maxBytes: number) => ({
  limits: { fileSize: maxBytes, files: 1, fields: 4, fieldNameSize: 32, fieldSize: 1024, parts: 6, headerPairs: 50 },
  throwFileSizeLimit: true,
});
