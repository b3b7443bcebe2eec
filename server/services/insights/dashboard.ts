// Issue 31: the institution dashboard's aggregates, computed in SQL over the stored results of
// completed, non-disqualified attempts (orders.*_score, level, cefr): the total-score histogram,
// each section's summary and histogram, level and CEFR shares, the trend by month (WIB), and the
// scope beside all EPOT candidates of the period, only when each group has at least
// INSIGHTS_MIN_COMPARISON_GROUP candidates. Only aggregates leave the database.
import { sql, type SQL } from 'drizzle-orm';
import type { InsightsResponse } from '../../../contracts/admin-insights.ts';
import { INSIGHTS_MIN_COMPARISON_GROUP, SECTION_NAMES, TOTAL_SCORE_MIN } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';

/** Histogram bin widths: total score, section (converted) score. */
export const TOTAL_BIN = 20;
export const SECTION_BIN = 5;

export interface InsightsScope {
  /** Null: every institution (operators only). */
  institutionId: string | null;
  /** Completion day bounds (YYYY-MM-DD, inclusive, WIB). */
  from?: string;
  to?: string;
  /** Only the members of this test-day session (the caller checked its scope). */
  sessionId?: string;
}

const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000);

async function rowsOf(db: AppDb, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

const numOrNull = (x: unknown) => (x === null || x === undefined ? null : Number(x));

function periodWhere(scope: Omit<InsightsScope, 'institutionId'>): SQL {
  const parts: SQL[] = [sql`o.status = 'completed'`, sql`o.disqualified_at is null`, sql`o.total_score is not null`];
  if (scope.from) parts.push(sql`o.completed_at >= ${dayStart(scope.from).toISOString()}`);
  if (scope.to) parts.push(sql`o.completed_at < ${dayStart(scope.to, 1).toISOString()}`);
  return sql.join(parts, sql` and `);
}

export async function dashboardInsights(db: AppDb, scope: InsightsScope): Promise<InsightsResponse> {
  const period = periodWhere(scope);
  let where = scope.institutionId === null ? period : sql`${period} and o.institution_id = ${scope.institutionId}`;
  if (scope.sessionId) where = sql`${where} and o.user_id in (select m.user_id from test_session_members m where m.session_id = ${scope.sessionId})`;
  const rows = await rowsOf(db, sql`
    with s as (select o.* from orders o where ${where})
    select 'total_bin' as kind, (floor((total_score - ${TOTAL_SCORE_MIN}) / ${TOTAL_BIN}::float8) * ${TOTAL_BIN} + ${TOTAL_SCORE_MIN})::int as key, count(*)::int as n, null::float8 as a, null::float8 as b from s group by 2
    union all select 'listening_bin', (floor(listening_score / ${SECTION_BIN}::float8) * ${SECTION_BIN})::int, count(*)::int, null, null from s where listening_score is not null group by 2
    union all select 'structure_bin', (floor(structure_score / ${SECTION_BIN}::float8) * ${SECTION_BIN})::int, count(*)::int, null, null from s where structure_score is not null group by 2
    union all select 'reading_bin', (floor(reading_score / ${SECTION_BIN}::float8) * ${SECTION_BIN})::int, count(*)::int, null, null from s where reading_score is not null group by 2
    union all select 'listening', null, count(listening_score)::int, avg(listening_score)::float8, stddev_pop(listening_score)::float8 from s
    union all select 'structure', null, count(structure_score)::int, avg(structure_score)::float8, stddev_pop(structure_score)::float8 from s
    union all select 'reading', null, count(reading_score)::int, avg(reading_score)::float8, stddev_pop(reading_score)::float8 from s
    union all select 'total', null, count(*)::int, avg(total_score)::float8, stddev_pop(total_score)::float8 from s
    union all select 'level:' || coalesce(level, ''), null, count(*)::int, null, null from s group by level
    union all select 'cefr:' || coalesce(cefr, ''), null, count(*)::int, null, null from s group by cefr
    union all select 'month:' || to_char(completed_at at time zone 'Asia/Jakarta', 'YYYY-MM'), null, count(*)::int, avg(total_score)::float8, null from s group by 1
    union all select 'all', null, count(*)::int, avg(o.total_score)::float8, stddev_pop(o.total_score)::float8 from orders o where ${period}`);

  const candidates = Number(rows.find((r) => r.kind === 'total')?.n ?? 0);
  const bins = (kind: string, width: number) => rows.filter((r) => r.kind === kind)
    .map((r) => ({ from: Number(r.key), to: Number(r.key) + width - 1, count: Number(r.n) }))
    .sort((x, y) => x.from - y.from);
  const summaryOf = (kind: string) => {
    const r = rows.find((x) => x.kind === kind);
    return { n: Number(r?.n ?? 0), mean: numOrNull(r?.a), sd: numOrNull(r?.b) };
  };
  const shares = (prefix: string) => rows.filter((r) => String(r.kind).startsWith(prefix))
    .map((r) => ({ value: String(r.kind).slice(prefix.length), count: Number(r.n), share: candidates ? Number(r.n) / candidates : 0 }))
    .sort((x, y) => x.value.localeCompare(y.value));
  const scopeSummary = summaryOf('total');
  const all = summaryOf('all');
  const comparable = scopeSummary.n >= INSIGHTS_MIN_COMPARISON_GROUP && all.n >= INSIGHTS_MIN_COMPARISON_GROUP;
  return {
    candidates,
    total_histogram: bins('total_bin', TOTAL_BIN),
    sections: SECTION_NAMES.map((section) => ({ section, summary: summaryOf(section), histogram: bins(`${section}_bin`, SECTION_BIN) })),
    levels: shares('level:'),
    cefr: shares('cefr:'),
    trend: rows.filter((r) => String(r.kind).startsWith('month:'))
      .map((r) => ({ month: String(r.kind).slice(6), n: Number(r.n), mean_total: numOrNull(r.a) }))
      .sort((x, y) => x.month.localeCompare(y.month)),
    comparison: comparable ? { scope: scopeSummary, all } : null,
    min_comparison_group: INSIGHTS_MIN_COMPARISON_GROUP,
  };
}
