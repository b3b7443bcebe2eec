// Issue 31: the item analysis kept incrementally. The triggers of migration 0023 queue every order
// whose counted section attempts may have changed (insight_dirty); a fold takes the queued orders,
// removes what it had counted for them (insight_attempts, subtracted from insight_counts) and counts
// them again as they stand now. Reading the analysis folds first, so it never misses a change, and
// then reads a few thousand count rows instead of expanding every stored answer.
// The answers are scored the way the full computation did (and scoring.ts does): an option matches
// by its trimmed text; a later entry for a question replaces an earlier one; unanswered = -1.
// Counted: the order is completed and not disqualified, the section closed by a submit or the sweeper.
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';

/** The fold's advisory lock (issue 31, 'EPOT'): one fold (or read of the counts) at a time. */
const LOCK = sql.raw('select pg_advisory_xact_lock(31, 1162891092)');
/** Orders per fold statement: bounds the rows one statement expands. */
const FOLD_BATCH = 2000;

type Db = AppDb | AppTx;

export async function rowsOf(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** The questions of the given exams with their position in a section attempt's `choices` (1-based). */
const itemsCte = (exams: SQL) => sql`
  items as (
    select p.exam_id, p.section, q.id as question_id,
      row_number() over (partition by p.exam_id, p.section order by q.number, q.id) as ord,
      (select jsonb_object_agg(o.opt->>'text', o.ord - 1 order by o.ord desc)
        from jsonb_array_elements(q.options) with ordinality o(opt, ord)) as option_map
    from exam_parts p
    join question_groups g on g.part_id = p.id
    join questions q on q.group_id = g.id
    where p.exam_id in (${exams})
  )`;

/**
 * The statement that re-counts the given orders: their rows in insight_attempts are deleted and
 * inserted again as the orders stand now, and insight_counts moves by the difference (counted per
 * position in `choices` first, then matched to the questions: joining every unnested answer to the
 * questions made the planner loop over all of them for each). One statement, so an order folded
 * again unchanged writes no counts at all. Exported for EXPLAIN.
 */
export function refoldStatement(orderIds: string[]): SQL {
  const ids = sql`${`{${orderIds.join(',')}}`}::uuid[]`;
  return sql`
    with old as (delete from insight_attempts where order_id = any(${ids}) returning exam_id, section, total, choices),
    counted as (
      select os.id as os_id, os.order_id, os.exam_id, os.section, os.answer, os.raw_correct as total
      from order_sections os join orders o on o.id = os.order_id
      where os.order_id = any(${ids}) and o.status = 'completed' and o.disqualified_at is null
        and os.closed_by in ('submitted', 'swept') and os.exam_id is not null
    ),
    ${itemsCte(sql`select exam_id from counted union select exam_id from old`)},
    chosen_maps as (
      -- Per section attempt: question id -> chosen text; a later entry for the same question wins.
      select c.os_id, c.order_id, c.exam_id, c.section, c.total,
        coalesce(jsonb_object_agg(e.value->>'question_id', e.value->'answer'->0 order by pa.ord, e.ord)
          filter (where e.value->>'question_id' is not null), '{}'::jsonb) as chosen
      from counted c
      left join lateral jsonb_array_elements(case when jsonb_typeof(c.answer) = 'array' then c.answer else '[]'::jsonb end) with ordinality pa(part, ord) on true
      left join lateral jsonb_array_elements(case when jsonb_typeof(pa.part->'list_question') = 'array' then pa.part->'list_question' else '[]'::jsonb end) with ordinality e(value, ord) on true
      group by c.os_id, c.order_id, c.exam_id, c.section, c.total
    ),
    fresh as (
      insert into insight_attempts (order_section_id, order_id, exam_id, section, total, choices)
      select m.os_id, m.order_id, m.exam_id, m.section, m.total,
        coalesce(array_agg(coalesce((i.option_map->>btrim(m.chosen->>i.question_id::text, E' \\t\\n\\r'))::int, -1)::smallint order by i.ord)
          filter (where i.question_id is not null), '{}'::smallint[])
      from chosen_maps m left join items i on i.exam_id = m.exam_id and i.section = m.section
      group by m.os_id, m.order_id, m.exam_id, m.section, m.total
      returning exam_id, section, total, choices
    ),
    changed as (
      select exam_id, section, total, choices, 1 as sign from fresh
      union all select exam_id, section, total, choices, -1 from old
    ),
    per_position as (
      select a.exam_id, a.section, c.ord, c.chosen, a.total, sum(a.sign) as n
      from changed a cross join lateral unnest(a.choices) with ordinality c(chosen, ord)
      where a.total is not null
      group by a.exam_id, a.section, c.ord, c.chosen, a.total
      having sum(a.sign) <> 0
    )
    insert into insight_counts (exam_id, question_id, chosen, total, n)
    select x.exam_id, i.question_id, x.chosen, x.total, x.n::int
    from per_position x join items i on i.exam_id = x.exam_id and i.section = x.section and i.ord = x.ord
    on conflict (exam_id, question_id, chosen, total) do update set n = insight_counts.n + excluded.n`;
}

/** Re-counts the given orders (inside the caller's transaction, holding the fold lock). */
async function refold(tx: Db, orderIds: string[]): Promise<void> {
  await tx.execute(refoldStatement(orderIds));
}

/**
 * Takes the fold lock for the rest of the caller's transaction. JIT off: the planner cannot see how
 * few rows jsonb_array_elements gives, expects millions, and compiled for longer than the fold runs.
 * More work_mem: the per-attempt sorts of a batch stay in memory (PostgreSQL's, not the server's).
 */
async function lockForFold(tx: Db): Promise<void> {
  await tx.execute(LOCK);
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
}

/** Takes up to `batch` queued orders (the oldest) and re-counts them; returns how many queue rows it took. */
async function foldBatch(tx: Db, batch: number): Promise<number> {
  const claimed = await rowsOf(tx, sql`
    delete from insight_dirty where id in (select id from insight_dirty order by id limit ${batch}) returning order_id`);
  if (claimed.length > 0) await refold(tx, [...new Set(claimed.map((r) => String(r.order_id)))]);
  return claimed.length;
}

/** Folds every queued order, in the caller's transaction (holding the lock to its end); returns how many queue rows it took. */
export async function foldPendingInTx(tx: Db, batch = FOLD_BATCH): Promise<number> {
  await lockForFold(tx);
  let taken = 0;
  for (let n = await foldBatch(tx, batch); n > 0; n = await foldBatch(tx, batch)) taken += n;
  return taken;
}

/** Folds the queue in transactions of `batch` orders, each committed (the background job, the CLI, a long queue). */
export async function foldInsightCounts(db: AppDb, batch = FOLD_BATCH): Promise<number> {
  let taken = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await lockForFold(tx);
      return foldBatch(tx, batch);
    });
    if (n === 0) return taken;
    taken += n;
  }
}

/** Counts everything again from the stored answers: empties the tables and queues every closed section's order. */
export async function rebuildInsightCounts(db: AppDb): Promise<number> {
  await db.transaction(async (tx) => {
    await tx.execute(LOCK);
    await tx.execute(sql`delete from insight_counts`);
    await tx.execute(sql`delete from insight_attempts`);
    await tx.execute(sql`delete from insight_dirty`);
    await tx.execute(sql`
      insert into insight_dirty (order_id)
      select distinct order_id from order_sections where closed_by in ('submitted', 'swept')`);
  });
  return foldInsightCounts(db);
}
