// Reading a certificate PDF the way a person would: its text through poppler's pdftotext, and its
// QR code by rendering the page with pdftoppm and decoding it with jsQR (the CLI's own reader).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeQrPdf } from '../../server/services/certificates/verify-file.ts';

const run = promisify(execFile);

async function withTempPdf<T>(bytes: Uint8Array, fn: (dir: string, pdf: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'epot-pdf-'));
  try {
    const pdf = join(dir, 'in.pdf');
    await writeFile(pdf, bytes);
    return await fn(dir, pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text (layout kept, so label and value share a line). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return withTempPdf(bytes, async (_dir, pdf) => (await run('pdftotext', ['-layout', pdf, '-'])).stdout);
}

/** Pages of the PDF and the first page's size in points. */
export async function pdfInfo(bytes: Uint8Array): Promise<{ pages: number; width: number; height: number }> {
  return withTempPdf(bytes, async (_dir, pdf) => {
    const out = (await run('pdfinfo', [pdf])).stdout;
    const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(out);
    return { pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1]), width: Number(size?.[1]), height: Number(size?.[2]) };
  });
}

/** The text of the QR code on the PDF's first page, or null when none is found. */
export async function pdfQrText(bytes: Uint8Array, dpi = 300): Promise<string | null> {
  // The same reader `npm run admin -- certificate verify FILE` uses.
  return withTempPdf(bytes, async (_dir, pdf) => decodeQrPdf(pdf, dpi));
}
