// The item analysis as it was computed before the counts were kept (issue 31): one statement over
// every stored answer (86 s at 100,000 attempts). Kept for tests only, as the reference the kept
// counts (server/services/insights/item-counts.ts) must reproduce.
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../server/db/client.ts';
import { ITEM_ANALYSIS_GROUP_PERCENT, ITEM_ANALYSIS_MIN_ATTEMPTS, type SectionName } from '../../contracts/facts/index.ts';
import type { ItemAnalysis, ItemAnalysisItem, ItemAnalysisSection } from '../../server/services/insights/item-analysis.ts';
import { itemFlags, kr20FromAggregates, standardErrorOfMeasurement, type OptionFigures } from '../../server/services/insights/statistics.ts';

const SECTION_ORDER: Record<string, number> = { listening: 0, structure: 1, reading: 2 };

/** The scored responses of the counted attempts of `examId`, one row per (section attempt, item). */
function scoredCte(examId: string) {
  return sql`
    counted as (
      -- raw_correct: the section score the server stored when it closed the section (scoring.ts).
      -- rk: rank for the upper and lower groups by section score, ties broken by the order id (not by row order).
      select os.id as os_id, os.order_id, os.section, os.answer, os.raw_correct as total,
        row_number() over (partition by os.section order by os.raw_correct desc, os.order_id) as rk,
        count(*) over (partition by os.section) as n
      from order_sections os join orders o on o.id = os.order_id
      where os.exam_id = ${examId} and o.status = 'completed' and o.disqualified_at is null
        and os.closed_by in ('submitted', 'swept') and os.raw_correct is not null
    ),
    items as (
      select q.id::text as question_id, p.section, q.number, jsonb_array_length(q.options) as option_count, k.correct_index,
        (select jsonb_object_agg(o.opt->>'text', o.ord - 1 order by o.ord desc)
          from jsonb_array_elements(q.options) with ordinality o(opt, ord)) as option_map
      from exam_parts p
      join question_groups g on g.part_id = p.id
      join questions q on q.group_id = g.id
      join answer_keys k on k.question_id = q.id
      where p.exam_id = ${examId}
    ),
    chosen_maps as (
      -- Per section attempt: question id -> chosen text; a later entry for the same question wins.
      select c.os_id, c.order_id, c.section, c.total, c.rk, c.n,
        coalesce(jsonb_object_agg(e.value->>'question_id', e.value->'answer'->0 order by pa.ord, e.ord)
          filter (where e.value->>'question_id' is not null), '{}'::jsonb) as chosen
      from counted c
      left join lateral jsonb_array_elements(case when jsonb_typeof(c.answer) = 'array' then c.answer else '[]'::jsonb end) with ordinality pa(part, ord) on true
      left join lateral jsonb_array_elements(case when jsonb_typeof(pa.part->'list_question') = 'array' then pa.part->'list_question' else '[]'::jsonb end) with ordinality e(value, ord) on true
      group by c.os_id, c.order_id, c.section, c.total, c.rk, c.n
    ),
    responses as (
      select m.os_id, m.order_id, m.total, m.rk, m.n, i.section, i.question_id, i.number, i.option_count, i.correct_index,
        (i.option_map->>btrim(m.chosen->>i.question_id, E' \t\n\r'))::int as chosen
      from chosen_maps m join items i on i.section = m.section
    ),
    grouped as (
      select x.*, x.total - x.score as rest, greatest(1, ceil(x.n * ${ITEM_ANALYSIS_GROUP_PERCENT} / 100.0))::int as g
      from (select rs.*, case when rs.chosen = rs.correct_index then 1 else 0 end as score from responses rs) x
    )`;
}

interface ItemRow { question_id: string; section: SectionName; number: number; option_count: number; correct_index: number; n: number; g: number; p: number; discrimination: number | null }
interface OptionRow { question_id: string; chosen: number; all_count: number; upper_count: number; lower_count: number }
interface SectionRow { section: SectionName; items: number; n: number; mean: number | null; variance: number | null; sum_pq: number | null }

/** Rows of a raw statement: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf(db: AppDb, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

const num = (x: unknown): number => Number(x);
const numOrNull = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));

async function countedAttempts(db: AppDb, examId: string): Promise<number> {
  const rows = await rowsOf(db, sql`
    select count(distinct os.order_id)::int as attempts
    from order_sections os join orders o on o.id = os.order_id
    where os.exam_id = ${examId} and o.status = 'completed' and o.disqualified_at is null
      and os.closed_by in ('submitted', 'swept')`);
  return num(rows[0]?.attempts ?? 0);
}

/** The one statement of the analysis: items, options and sections from the same scored rows. */
function itemAnalysisQuery(examId: string) {
  return sql`
    with ${scoredCte(examId)},
    item_rows as (
      select question_id, section, number, option_count, correct_index, count(*)::int as n, max(g)::int as g,
        avg(score)::float8 as p, corr(score, rest)::float8 as discrimination
      from grouped group by question_id, section, number, option_count, correct_index
    ),
    option_rows as (
      select question_id, chosen, count(*)::int as all_count,
        count(*) filter (where rk <= g)::int as upper_count, count(*) filter (where rk > n - g)::int as lower_count
      from grouped where chosen is not null group by question_id, chosen
    ),
    totals as (
      select section, total::float8 as total from counted
    ),
    section_rows as (
      select t.section, (select count(*)::int from items i where i.section = t.section) as items, count(*)::int as n,
        avg(t.total)::float8 as mean, var_pop(t.total)::float8 as variance,
        (select sum(ir.p * (1 - ir.p))::float8 from item_rows ir where ir.section = t.section) as sum_pq
      from totals t group by t.section
    )
    select 'item' as kind, to_jsonb(item_rows) as row from item_rows
    union all select 'option', to_jsonb(option_rows) from option_rows
    union all select 'section', to_jsonb(section_rows) from section_rows`;
}

export async function fullItemAnalysis(db: AppDb, examId: string): Promise<ItemAnalysis> {
  const attempts = await countedAttempts(db, examId);
  const base = { exam_id: examId, attempts, min_attempts: ITEM_ANALYSIS_MIN_ATTEMPTS };
  if (attempts < ITEM_ANALYSIS_MIN_ATTEMPTS) return { ...base, sufficient: false, sections: [], items: [] };

  const rows = await rowsOf(db, itemAnalysisQuery(examId));

  const itemRows: ItemRow[] = [];
  const optionRows = new Map<string, OptionRow[]>();
  const sectionRows: SectionRow[] = [];
  for (const r of rows as unknown as { kind: string; row: unknown }[]) {
    const row = (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as Record<string, unknown>;
    if (r.kind === 'item') itemRows.push(row as unknown as ItemRow);
    else if (r.kind === 'option') {
      const o = row as unknown as OptionRow;
      const list = optionRows.get(o.question_id) ?? [];
      list.push(o);
      optionRows.set(o.question_id, list);
    } else sectionRows.push(row as unknown as SectionRow);
  }

  const items: ItemAnalysisItem[] = itemRows.map((it) => {
    const n = num(it.n);
    const g = num(it.g);
    const counts = optionRows.get(it.question_id) ?? [];
    const options: OptionFigures[] = Array.from({ length: num(it.option_count) }, (_, index) => {
      const c = counts.find((x) => num(x.chosen) === index);
      return {
        index,
        is_key: index === num(it.correct_index),
        share: c ? num(c.all_count) / n : 0,
        upper_share: c && g ? num(c.upper_count) / g : 0,
        lower_share: c && g ? num(c.lower_count) / g : 0,
      };
    });
    const p = numOrNull(it.p);
    const discrimination = numOrNull(it.discrimination);
    return { question_id: it.question_id, section: it.section, number: num(it.number), n, p, discrimination, options, flags: itemFlags({ p, discrimination, options }) };
  }).sort((a, b) => SECTION_ORDER[a.section]! - SECTION_ORDER[b.section]! || a.number - b.number);

  const sections: ItemAnalysisSection[] = sectionRows.map((s) => {
    const variance = numOrNull(s.variance);
    const sd = variance === null ? null : Math.sqrt(variance);
    const reliability = variance === null || s.sum_pq === null ? null : kr20FromAggregates(num(s.items), num(s.sum_pq), variance);
    return {
      section: s.section, items: num(s.items), n: num(s.n), mean: numOrNull(s.mean), sd, kr20: reliability,
      sem: sd === null ? null : standardErrorOfMeasurement(sd, reliability),
    };
  }).sort((a, b) => SECTION_ORDER[a.section]! - SECTION_ORDER[b.section]!);

  return { ...base, sufficient: true, sections, items };
}
