// `npm run admin -- certificate verify FILE` (issue 28): what a verifier holds — the PDF, a photo or
// PNG of its QR code, or a credential file (the QR's compact credential or the Open Badges 3.0 JWT) —
// checked offline against our published keys, then against our records for revocation.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parseVerifyUrl, verifyCredential, type CredentialFacts, type Jwks } from '../../../contracts/credential.ts';
import { verifyOpenBadge } from './open-badge.ts';

const run = promisify(execFile);

export type FileKind = 'pdf' | 'png' | 'credential' | 'open-badge';

export interface FileVerdict {
  kind: FileKind;
  valid: boolean;
  /** Why not valid: malformed, unknown_key, bad_signature, no_qr, no_credential_in_qr. */
  reason?: string;
  kid?: string;
  key_status?: string;
  number?: string;
  facts?: CredentialFacts;
  /** The QR's text, when the file was an image or a PDF. */
  qr_text?: string;
}

/** The text of the QR code in a PNG (any size; the whole image is searched). */
export function decodeQrPng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null;
}

/** Page 1 of a PDF rendered at `dpi` (300: as printed) by poppler's pdftoppm, then its QR code. */
export async function decodeQrPdf(path: string, dpi = 300): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'epot-verify-'));
  try {
    try {
      await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-png', path, join(dir, 'page')]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdftoppm is missing: install poppler-utils to read PDFs (or pass a PNG of the QR code)');
      throw err;
    }
    return decodeQrPng(await readFile(join(dir, 'page.png')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function verifyText(text: string, kind: FileKind, jwks: Jwks, qrText?: string): Promise<FileVerdict> {
  const extra = qrText ? { qr_text: qrText } : {};
  const parsed = parseVerifyUrl(text);
  if (parsed?.jws) {
    const check = await verifyCredential(parsed.jws, jwks);
    if (check.valid) return { kind, valid: true, kid: check.kid, key_status: check.key_status, number: check.facts.number, facts: check.facts, ...extra };
    return { kind, valid: false, reason: check.reason, ...(check.facts ? { number: check.facts.number, facts: check.facts } : {}), ...extra };
  }
  if (parsed) return { kind, valid: false, reason: 'no_credential_in_qr', number: parsed.number, ...extra };
  // Not our compact credential: an Open Badges 3.0 JWT?
  const badge = await verifyOpenBadge(text.trim(), jwks);
  if (badge.valid) {
    const number = String(badge.credential.jti ?? badge.credential.id ?? '').split('/').pop();
    return { kind: 'open-badge', valid: true, kid: badge.kid, key_status: jwks.keys.find((k) => k.kid === badge.kid)?.status, ...(number ? { number } : {}), ...extra };
  }
  return { kind, valid: false, reason: badge.reason, ...extra };
}

/** Reads the file by its content (not its name) and verifies what it carries. */
export async function verifyCertificateFile(path: string, jwks: Jwks): Promise<FileVerdict> {
  const bytes = await readFile(path);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const qr = await decodeQrPdf(path);
    return qr ? verifyText(qr, 'pdf', jwks, qr) : { kind: 'pdf', valid: false, reason: 'no_qr' };
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    const qr = decodeQrPng(bytes);
    return qr ? verifyText(qr, 'png', jwks, qr) : { kind: 'png', valid: false, reason: 'no_qr' };
  }
  return verifyText(bytes.toString('utf8'), 'credential', jwks);
}
