// Reading a certificate PDF the way a person would: its text through poppler's pdftotext, and its
// QR code by rendering the page with pdftoppm (PPM) and decoding the pixels with jsQR.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

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

/** Binary PPM (P6, maxval 255) -> RGBA pixels. */
export function parsePpm(buf: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  // Header: P6, width, height, maxval, separated by whitespace (comments start with #).
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]!))) i++;
    if (buf[i] === 0x23) { while (buf[i] !== 0x0a) i++; continue; }
    let tok = '';
    while (!/\s/.test(String.fromCharCode(buf[i]!))) tok += String.fromCharCode(buf[i++]!);
    fields.push(tok);
  }
  i++; // the single whitespace after maxval
  const [magic, w, h, max] = fields;
  if (magic !== 'P6' || max !== '255') throw new Error(`unsupported PPM ${magic} ${max}`);
  const width = Number(w);
  const height = Number(h);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba[p * 4] = buf[i + p * 3]!;
    rgba[p * 4 + 1] = buf[i + p * 3 + 1]!;
    rgba[p * 4 + 2] = buf[i + p * 3 + 2]!;
    rgba[p * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** The text of the QR code on the PDF's first page, or null when none is found. */
export async function pdfQrText(bytes: Uint8Array, dpi = 300): Promise<string | null> {
  return withTempPdf(bytes, async (dir, pdf) => {
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, 'page')]);
    const { width, height, rgba } = parsePpm(await readFile(join(dir, 'page.ppm')));
    return jsQR(rgba, width, height)?.data ?? null;
  });
}
