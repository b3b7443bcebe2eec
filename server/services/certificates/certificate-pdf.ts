// The certificate PDF (spec screen 19): A4 landscape, drawn with pdf-lib's standard fonts, and a
// QR code (qrcode -> PNG) that opens the public verification page. Labels are English (the test's
// language, and the spec's terms: predicted TOEFL score, proficiency level); dates are Indonesian.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { PROFICIENCY_LEVELS } from '../../../contracts/facts/index.ts';

export interface CertificatePdfData {
  number: string;
  name: string;
  /** 'YYYY-MM-DD' (a calendar date, no time zone), or null when the profile has none. */
  dateOfBirth: string | null;
  testDate: Date;
  validUntil: Date;
  scores: { listening: number; structure: number; reading: number };
  rawCorrect: { listening: number; structure: number; reading: number };
  total: number;
  level: string;
  cefr: string;
  /** Printed under the QR code: the verify page (no credential: it would be unreadably long). */
  verifyUrl: string;
  /** What the QR code encodes: the verify URL with the signed credential in its fragment (issue 28). */
  qrText?: string;
}

const WIB = 'Asia/Jakarta';
/** The QR code's printed size (points; 140 pt = 49.4 mm) and error correction level. */
export const QR_SIZE_PT = 140;
export const QR_ECC = 'M';
const idDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: WIB });
const idCalendarDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An instant as an Indonesian date in WIB, e.g. '21 November 2026'. */
export function formatIdDate(d: Date): string {
  return idDate.format(d);
}

const wibDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: WIB });
/** The calendar day an instant falls on in WIB, 'YYYY-MM-DD': the day the certificate prints. */
export function wibCalendarDate(d: Date): string {
  return wibDay.format(d);
}

/** A calendar date 'YYYY-MM-DD' as an Indonesian date, e.g. '17 Mei 1998' (no time-zone shift). */
export function formatIdCalendarDate(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : idCalendarDate.format(d);
}

const NAVY = rgb(0.11, 0.2, 0.45);
const GOLD = rgb(0.72, 0.55, 0.16);
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.38, 0.4, 0.45);

/**
 * Text the standard (WinAnsi) fonts can draw: accented letters outside it lose their accent, and
 * anything else becomes '?', so an unusual name never makes issuance fail.
 */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].map((ch) => {
    if (supported.has(ch.codePointAt(0)!)) return ch;
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    return [...base].every((c) => supported.has(c.codePointAt(0)!)) && base ? base : '?';
  }).join('');
}

interface Ctx { page: PDFPage; regular: PDFFont; bold: PDFFont; italic: PDFFont }

function centered(c: Ctx, text: string, y: number, size: number, font: PDFFont, color = INK): void {
  const safe = winAnsiSafe(font, text);
  const width = font.widthOfTextAtSize(safe, size);
  c.page.drawText(safe, { x: (c.page.getWidth() - width) / 2, y, size, font, color });
}

function text(c: Ctx, value: string, x: number, y: number, size: number, font: PDFFont, color = INK): void {
  c.page.drawText(winAnsiSafe(font, value), { x, y, size, font, color });
}

function rightAligned(c: Ctx, value: string, right: number, y: number, size: number, font: PDFFont, color = INK): void {
  const safe = winAnsiSafe(font, value);
  c.page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color });
}

/** The largest size (from `max` down to `min`) at which `value` fits `width`. */
function fitSize(font: PDFFont, value: string, width: number, max: number, min: number): number {
  let size = max;
  while (size > min && font.widthOfTextAtSize(winAnsiSafe(font, value), size) > width) size -= 1;
  return size;
}

export async function renderCertificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`EPOT Certificate ${data.number}`);
  doc.setSubject('English Proficiency Online Test certificate');
  doc.setCreator('EPOT');
  doc.setProducer('EPOT');
  const page = doc.addPage([841.89, 595.28]);
  const c: Ctx = {
    page,
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const W = page.getWidth();
  const H = page.getHeight();

  // Frame: a navy border with a thin gold line inside it.
  page.drawRectangle({ x: 18, y: 18, width: W - 36, height: H - 36, borderColor: NAVY, borderWidth: 6 });
  page.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: GOLD, borderWidth: 1.2 });

  centered(c, 'EPOT', H - 82, 14, c.bold, GOLD);
  centered(c, 'English Proficiency Online Test', H - 100, 11, c.regular, MUTED);
  centered(c, 'CERTIFICATE OF ENGLISH PROFICIENCY', H - 138, 26, c.bold, NAVY);
  centered(c, 'This is to certify that', H - 170, 12, c.italic, MUTED);
  const nameSize = fitSize(c.bold, data.name, W - 160, 30, 14);
  centered(c, data.name, H - 207, nameSize, c.bold, INK);
  page.drawLine({ start: { x: W / 2 - 220, y: H - 216 }, end: { x: W / 2 + 220, y: H - 216 }, thickness: 0.8, color: GOLD });
  centered(c, `Date of birth: ${data.dateOfBirth ? formatIdCalendarDate(data.dateOfBirth) : '-'}`, H - 236, 11, c.regular);
  centered(c, `took the English Proficiency Online Test on ${formatIdDate(data.testDate)} with the following results:`, H - 256, 11, c.regular);

  // Scores on the left, the QR code on the right.
  const left = 90;
  const right = 520;
  let y = H - 296;
  const row = (label: string, value: string, opts: { bold?: boolean; size?: number } = {}) => {
    const size = opts.size ?? 12;
    text(c, label, left, y, size, opts.bold ? c.bold : c.regular);
    rightAligned(c, value, right, y, size, c.bold, opts.bold ? NAVY : INK);
    y -= size + 10;
  };
  text(c, 'Section', left, y, 9, c.bold, MUTED);
  rightAligned(c, 'Correct / Score', right, y, 9, c.bold, MUTED);
  y -= 18;
  row('Listening Comprehension', `${data.rawCorrect.listening} / ${data.scores.listening}`);
  row('Structure and Written Expression', `${data.rawCorrect.structure} / ${data.scores.structure}`);
  row('Reading Comprehension', `${data.rawCorrect.reading} / ${data.scores.reading}`);
  page.drawLine({ start: { x: left, y: y + 14 }, end: { x: right, y: y + 14 }, thickness: 0.5, color: MUTED });
  const correct = data.rawCorrect.listening + data.rawCorrect.structure + data.rawCorrect.reading;
  row('Total correct answers', `${correct} of 140`);
  row('Predicted TOEFL score', String(data.total), { bold: true, size: 16 });
  row('Proficiency level', data.level, { bold: true });
  row('CEFR level', data.cefr);

  // ECC M (15 %) survives smudges and folds; a credential URL of ~480 bytes is version 17 (85 modules),
  // so at 140 pt (49.4 mm) a module is ~0.55 mm: comfortably above what phone cameras and 300 dpi
  // printers resolve. Whole pixels per module (scale) and the standard 4-module quiet zone keep edges crisp.
  const qrPng = await QRCode.toBuffer(data.qrText ?? data.verifyUrl, { type: 'png', errorCorrectionLevel: QR_ECC, margin: 4, scale: 8 });
  const qr = await doc.embedPng(qrPng);
  const qrSize = QR_SIZE_PT;
  const qrX = W - 90 - qrSize;
  const qrY = H - 300 - qrSize + 30;
  page.drawImage(qr, { x: qrX, y: qrY, width: qrSize, height: qrSize });
  const qrCaption = 'Scan to verify';
  text(c, qrCaption, qrX + (qrSize - c.bold.widthOfTextAtSize(qrCaption, 10)) / 2, qrY - 14, 10, c.bold, NAVY);
  const urlSize = fitSize(c.regular, data.verifyUrl, 250, 8, 5);
  const urlWidth = c.regular.widthOfTextAtSize(winAnsiSafe(c.regular, data.verifyUrl), urlSize);
  text(c, data.verifyUrl, qrX + qrSize / 2 - urlWidth / 2, qrY - 28, urlSize, c.regular, MUTED);

  // Footer: number, validity and the level table.
  const levels = PROFICIENCY_LEVELS.map((l) => `${l.from}-${l.to} ${l.level}`).join('   |   ');
  centered(c, `Proficiency levels: ${levels}`, 92, 8.5, c.regular, MUTED);
  text(c, `Certificate number: ${data.number}`, 60, 60, 10, c.bold, NAVY);
  rightAligned(c, `Valid until: ${formatIdDate(data.validUntil)}`, W - 60, 60, 10, c.bold, NAVY);
  centered(c, 'Valid for one year from the test date.', 60, 8.5, c.italic, MUTED);

  return doc.save();
}
