// CSV import of members (csv-parse): every row is checked first (required fields, e-mail format,
// duplicates inside the file and against existing accounts) and every problem is answered with its
// row number before anything is written; then all rows go in one transaction (batched inserts), or none.
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { CsvRowError } from '../../../contracts/admin-members.ts';
import {
  CSV_ROW_MESSAGES as M, MEMBER_CSV_COLUMNS, MEMBER_CSV_MAX_ROWS, MEMBER_CSV_REQUIRED, STAFF_ERROR_CODES, STAFF_MESSAGES,
} from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { createInvites, type Invite } from './member-invites.ts';

export interface CsvMember { row: number; email: string; fullname: string; phone_number: string }

const emailSchema = z.email().max(254);
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const BATCH = 500;

const refuse = (errors: CsvRowError[]) => new HttpError(422, STAFF_MESSAGES.csvInvalid, { code: STAFF_ERROR_CODES.csvInvalid, errors });

/** Parses the file (`,` or `;`, optional BOM, quoted fields); throws the 422 for a file it cannot read. */
export function parseMemberCsv(text: string): CsvMember[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true, columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), delimiter: [',', ';'],
      skip_empty_lines: true, trim: true, relax_column_count: true, info: true,
    });
  } catch (err) {
    throw refuse([{ row: 0, column: null, message: M.unreadable(err instanceof Error ? err.message : String(err)) }]);
  }
  const header = Object.keys(records[0]?.record ?? {});
  if (records.length > 0 && !MEMBER_CSV_REQUIRED.every((c) => header.includes(c))) {
    throw refuse([{ row: 1, column: null, message: M.headerInvalid(MEMBER_CSV_COLUMNS) }]);
  }
  if (records.length === 0) throw refuse([{ row: 0, column: null, message: M.empty }]);
  if (records.length > MEMBER_CSV_MAX_ROWS) throw refuse([{ row: 0, column: null, message: M.tooManyRows(MEMBER_CSV_MAX_ROWS) }]);
  return records.map(({ record, info }) => ({
    row: info.lines, email: (record.email ?? '').toLowerCase(), fullname: record.fullname ?? '', phone_number: record.phone_number ?? '',
  }));
}

/** Row problems that need no database: required fields, formats, duplicates inside the file. */
export function checkRows(rows: CsvMember[]): CsvRowError[] {
  const errors: CsvRowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const problem = (column: string, message: string) => errors.push({ row: r.row, column, message });
    if (!r.email) problem('email', M.emailRequired);
    else if (!emailSchema.safeParse(r.email).success) problem('email', M.emailInvalid);
    else if (firstRowOf.has(r.email)) problem('email', M.duplicateInFile(firstRowOf.get(r.email)!));
    else firstRowOf.set(r.email, r.row);
    if (!r.fullname) problem('fullname', M.fullnameRequired);
    else if (r.fullname.length > 200) problem('fullname', M.fullnameTooLong);
    if (r.phone_number && !PHONE.test(r.phone_number)) problem('phone_number', M.phoneInvalid);
  }
  return errors;
}

/** Rows whose e-mail already has an account. */
async function takenRows(db: AppDb, rows: CsvMember[]): Promise<CsvRowError[]> {
  const errors: CsvRowError[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const found = await db.select({ email: users.email }).from(users).where(inArray(users.email, chunk.map((r) => r.email)));
    const taken = new Set(found.map((f) => f.email));
    for (const r of chunk) if (taken.has(r.email)) errors.push({ row: r.row, column: 'email', message: M.emailTaken });
  }
  return errors;
}

export interface ImportOptions { sendInvites: boolean; dryRun: boolean }
export interface ImportOutcome { rows: number; imported: number; invites: Invite[] }

/** Validates the whole file, then writes all of it in one transaction (or throws the 422 with every problem). */
export async function importMembers(
  db: AppDb, inst: { id: string; company_id: string }, csv: string, opts: ImportOptions, actor: AuditActor, now: Date,
): Promise<ImportOutcome> {
  const rows = parseMemberCsv(csv);
  const errors = [...checkRows(rows), ...(await takenRows(db, rows))].sort((a, b) => a.row - b.row);
  if (errors.length) throw refuse(errors);
  if (opts.dryRun) return { rows: rows.length, imported: 0, invites: [] };
  return db.transaction(async (tx) => {
    const created: { id: string; email: string; fullname: string }[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const chunk = rows.slice(i, i + BATCH);
      const inserted = await tx.insert(users).values(chunk.map((r) => ({
        email: r.email, fullname: r.fullname, phone_number: r.phone_number || null, is_b2b: true,
        institution_id: inst.id, company_id: inst.company_id, created_at: now,
      }))).onConflictDoNothing({ target: users.email }).returning({ id: users.id, email: users.email, fullname: users.fullname });
      if (inserted.length !== chunk.length) {
        // Someone registered one of these addresses meanwhile: roll everything back, name the rows.
        const got = new Set(inserted.map((r) => r.email));
        throw refuse(chunk.filter((r) => !got.has(r.email)).map((r) => ({ row: r.row, column: 'email', message: M.emailTaken })));
      }
      created.push(...inserted);
    }
    await appendAudit(tx, actor, {
      action: 'member.import', targetType: 'institution', targetId: inst.id, institutionId: inst.id,
      // Member ids, not e-mails: the audit log outlives an erasure (issue 29.4).
      after: { rows: created.length, member_ids: created.map((c) => c.id) },
    }, now);
    const invites = opts.sendInvites ? await createInvites(tx, created, now) : [];
    return { rows: rows.length, imported: created.length, invites };
  });
}
