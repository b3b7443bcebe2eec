// The results exports, streamed: rows come from resultPages (one page of the query at a time) and
// go straight into csv-stringify (CSV: UTF-8 with a BOM and a header row) or exceljs's streaming
// WorkbookWriter (XLSX), so memory stays flat however many rows an institution has.
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ResultRow } from '../../../contracts/admin-results.ts';
import { accommodationLabel, RESULT_EXPORT_HEADERS } from '../../../contracts/facts/index.ts';

/** Dates as Indonesian institutions read them: WIB (UTC+7), `YYYY-MM-DD HH:mm`. */
const wib = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const when = (iso: string | null) => (iso ? wib.format(new Date(iso)) : '');

/** One row's cells, in RESULT_EXPORT_HEADERS order. */
export function exportCells(r: ResultRow): (string | number | null)[] {
  return [
    r.member_name, r.email, r.order_no, r.status_label, r.listening, r.structure, r.reading, r.total, r.level ?? '', r.cefr ?? '',
    r.violations.open_new_tab, r.violations.face, r.violations.speech,
    when(r.created_at), when(r.started_at), when(r.completed_at), when(r.disqualified_at),
    accommodationLabel(r.time_accommodation),
  ];
}

async function* cellRows(pages: AsyncIterable<ResultRow[]>) {
  for await (const page of pages) for (const r of page) yield exportCells(r);
}

/** The CSV as a stream (the caller sends it as the response body). */
export function resultsCsvStream(pages: AsyncIterable<ResultRow[]>): Readable {
  // escape_formulas: a name like `=HYPERLINK(...)` (the candidate sets their own) must not run in Excel.
  const csv = stringify({ bom: true, header: true, columns: [...RESULT_EXPORT_HEADERS], record_delimiter: 'windows', escape_formulas: true });
  const out = new PassThrough();
  pipeline(Readable.from(cellRows(pages)), csv, out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Writes the XLSX into `out` row by row (each committed at once), then ends it. */
export async function writeResultsXlsx(pages: AsyncIterable<ResultRow[]>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Hasil');
  sheet.addRow([...RESULT_EXPORT_HEADERS]).commit();
  for await (const page of pages) {
    for (const r of page) sheet.addRow(exportCells(r)).commit();
    // exceljs writes without backpressure: wait for a slow client before the next page (or stop: it left).
    while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** The XLSX as a stream; a failure midway destroys it (the client sees a broken download, the log the error). */
export function resultsXlsxStream(pages: AsyncIterable<ResultRow[]>, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  writeResultsXlsx(pages, out).catch((err: unknown) => {
    onError(err);
    out.destroy(err as Error);
  });
  return out;
}
