// One CSV cell for every CSV the product writes by hand (the results export uses csv-stringify's
// escape_formulas, which does the same). Spreadsheets run a cell that starts with = + - @ (or a tab /
// CR before one) as a formula, so a member named `=HYPERLINK(...)` would run on the coordinator's
// machine: such a cell gets a leading apostrophe (OWASP's "CSV injection" advice), then the usual quoting.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell text with a formula-leading value neutralised and quotes applied where needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text: CRLF line ends, a trailing line end, no BOM (callers add one for spreadsheets). */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
