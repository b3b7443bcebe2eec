// Results for the staff console: one row per order of the institution's members (any status) with
// the converted section scores, total, level, violation counts per kind and dates. The list pages
// with LIMIT/OFFSET; the exports walk the same query page by page (resultPages), so a 10,000-row
// export never holds more than one page in memory.
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ResultFilter, ResultRow, ResultSort } from '../../../contracts/admin-results.ts';
import { normalizedAccommodation, ORDER_STATUS_LABELS, type OrderStatusCode } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { orders, users, violations } from '../../db/schema/index.ts';
import { likePattern } from './members.ts';

export interface ResultScope {
  /** null = every institution (operators). */
  institutionId: string | null;
}

const violationCount = (kind: string) =>
  sql<number>`(select count(*)::int from ${violations} where ${violations.order_id} = ${orders.id} and ${violations.counter_type} = ${kind})`;

const resultColumns = {
  order_id: orders.id, order_no: orders.order_no, member_id: users.id, member_name: users.fullname, email: users.email,
  institution_id: users.institution_id, status: orders.status,
  listening: orders.listening_score, structure: orders.structure_score, reading: orders.reading_score, total: orders.total_score,
  level: orders.level, cefr: orders.cefr,
  v_tab: violationCount('open_new_tab'), v_face: violationCount('face'), v_speech: violationCount('speech'),
  created_at: orders.created_at, started_at: orders.started_at, completed_at: orders.completed_at, disqualified_at: orders.disqualified_at,
  time_accommodation: orders.time_accommodation,
};

const SORT_COLUMNS = {
  created_at: orders.created_at, started_at: orders.started_at, completed_at: orders.completed_at, total_score: orders.total_score,
  fullname: users.fullname, email: users.email, order_no: orders.order_no, status: orders.status,
} as const satisfies Record<ResultSort, unknown>;

/** A day (YYYY-MM-DD) starts at midnight in Indonesia's western time (UTC+7), where the institutions are. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000);

function whereOf(scope: ResultScope, f: ResultFilter): SQL | undefined {
  const where: SQL[] = [];
  if (scope.institutionId) where.push(eq(users.institution_id, scope.institutionId));
  if (f.status) where.push(eq(orders.status, f.status as OrderStatusCode));
  if (f.from) where.push(gte(orders.created_at, dayStart(f.from)));
  if (f.to) where.push(lt(orders.created_at, dayStart(f.to, 1)));
  if (f.search) {
    const p = likePattern(f.search);
    where.push(or(ilike(users.fullname, p), ilike(users.email, p), ilike(orders.order_no, p))!);
  }
  return where.length ? and(...where) : undefined;
}

function orderOf(f: ResultFilter): SQL[] {
  const column = SORT_COLUMNS[f.sort];
  const dir = f.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const tie = f.order === 'asc' ? asc(orders.id) : desc(orders.id);
  return [sql`${column} ${dir}`, tie];
}


async function selectPage(db: AppDb, scope: ResultScope, f: ResultFilter, limit: number, offset: number) {
  return db.select(resultColumns).from(orders).innerJoin(users, eq(users.id, orders.user_id))
    .where(whereOf(scope, f)).orderBy(...orderOf(f)).limit(limit).offset(offset);
}
type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toResultRow(r: PageRow): ResultRow {
  return {
    order_id: r.order_id, order_no: r.order_no, member_id: r.member_id, member_name: r.member_name, email: r.email,
    institution_id: r.institution_id, status: r.status, status_label: ORDER_STATUS_LABELS[r.status],
    listening: r.listening, structure: r.structure, reading: r.reading, total: r.total, level: r.level, cefr: r.cefr,
    violations: { open_new_tab: Number(r.v_tab), face: Number(r.v_face), speech: Number(r.v_speech) },
    created_at: r.created_at.toISOString(), started_at: iso(r.started_at), completed_at: iso(r.completed_at), disqualified_at: iso(r.disqualified_at),
    time_accommodation: normalizedAccommodation(r.time_accommodation),
  };
}

export async function listResults(db: AppDb, scope: ResultScope, f: ResultFilter, page: number, perPage: number) {
  const rows = await selectPage(db, scope, f, perPage, (page - 1) * perPage);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).innerJoin(users, eq(users.id, orders.user_id)).where(whereOf(scope, f));
  return { list: rows.map(toResultRow), total: Number(total?.n ?? 0) };
}

/** Every matching row, one page (`pageSize` rows) at a time, in the filter's order. */
export async function* resultPages(db: AppDb, scope: ResultScope, f: ResultFilter, pageSize = 1000): AsyncGenerator<ResultRow[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await selectPage(db, scope, f, pageSize, offset);
    if (rows.length) yield rows.map(toResultRow);
    if (rows.length < pageSize) return;
  }
}

