// Issue 31: the operator's item analysis of one exam version, from the counts kept incrementally
// (item-counts.ts: per question, chosen option and section score, how many counted attempts; per
// counted section attempt its score and choices). Reading folds the queued changes first, then reads
// a few thousand count rows: every figure is a sum over them. Per item the counts, the share correct
// and corr(item, rest of section) (the section score is the one the server stored, raw_correct); per
// option the counts overall and in the upper and lower 27 % by section score (ranked by score, ties
// by the order id: only the attempts of the two boundary scores are read one by one); per section
// the number of items and the variance of the section scores.
// Only attempts that count: the order is completed and not disqualified, the section was closed
// by a submit or the deadline sweeper.
import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { ITEM_ANALYSIS_MIN_ATTEMPTS, SECTION_NAMES, type ItemFlag, type SectionName } from '../../../contracts/facts/index.ts';
import { foldInsightCounts, foldPendingInTx, rowsOf } from './item-counts.ts';
import { groupSize, itemFlags, kr20FromAggregates, standardErrorOfMeasurement, type OptionFigures } from './statistics.ts';

export interface ItemAnalysisItem {
  question_id: string;
  section: SectionName;
  number: number;
  /** Counted attempts of this item's section. */
  n: number;
  p: number | null;
  discrimination: number | null;
  options: OptionFigures[];
  flags: ItemFlag[];
}

export interface ItemAnalysisSection {
  section: SectionName;
  items: number;
  n: number;
  mean: number | null;
  sd: number | null;
  kr20: number | null;
  sem: number | null;
}

export interface ItemAnalysis {
  exam_id: string;
  attempts: number;
  min_attempts: number;
  /** False below `min_attempts`: then `sections` and `items` are empty. */
  sufficient: boolean;
  sections: ItemAnalysisSection[];
  items: ItemAnalysisItem[];
}

const SECTION_ORDER: Record<string, number> = { listening: 0, structure: 1, reading: 2 };

const num = (x: unknown): number => Number(x);

interface ItemInfo { question_id: string; section: SectionName; number: number; option_count: number; correct_index: number | null; ord: number }

/** Accumulated over the count rows of one question. */
interface ItemSums {
  n: number; correct: number; correctTotal: number; total: number; total2: number;
  all: number[]; upper: number[]; lower: number[];
}

/** Where a section's upper and lower 27 % end: scores strictly beyond `*Score` count whole; `*Take` attempts of that score more. */
interface SectionGroups {
  n: number; sum: number; sum2: number; g: number;
  upperScore: number; upperTake: number; upperWhole: boolean;
  lowerScore: number; lowerTake: number; lowerWhole: boolean;
}

/** Ranks like the full computation did: by score (descending), ties by the order id. */
function sectionGroups(dist: { total: number; n: number }[]): SectionGroups {
  const desc = [...dist].sort((a, b) => b.total - a.total);
  const n = desc.reduce((s, d) => s + d.n, 0);
  const g = groupSize(n);
  const boundary = (rows: typeof desc) => {
    let before = 0;
    for (const d of rows) {
      if (before + d.n >= g) return { score: d.total, take: g - before, whole: g - before === d.n };
      before += d.n;
    }
    return { score: rows[rows.length - 1]!.total, take: 0, whole: true };
  };
  const upper = boundary(desc);
  const lower = boundary([...desc].reverse());
  return {
    n, g, sum: desc.reduce((s, d) => s + d.n * d.total, 0), sum2: desc.reduce((s, d) => s + d.n * d.total * d.total, 0),
    upperScore: upper.score, upperTake: upper.take, upperWhole: upper.whole,
    lowerScore: lower.score, lowerTake: lower.take, lowerWhole: lower.whole,
  };
}

/** Pearson correlation of the 0/1 item score with the rest of the section, from sums; null when either does not vary. */
function restCorrelation(s: ItemSums): number | null {
  // x = item score (x² = x), y = rest = total − x.
  const sx = s.correct;
  const sy = s.total - s.correct;
  const syy = s.total2 - 2 * s.correctTotal + s.correct;
  const sxy = s.correctTotal - s.correct;
  const vx = s.n * sx - sx * sx;
  const vy = s.n * syy - sy * sy;
  if (s.n < 1 || vx <= 0 || vy <= 0) return null;
  return (s.n * sxy - sx * sy) / Math.sqrt(vx * vy);
}

/** Counted attempts (orders with a counted section of this exam), folded. */
async function countedAttemptsInTx(tx: AppTx, examId: string): Promise<number> {
  const rows = await rowsOf(tx, sql`select count(distinct order_id)::int as attempts from insight_attempts where exam_id = ${examId}`);
  return num(rows[0]?.attempts ?? 0);
}

export async function countedAttempts(db: AppDb, examId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await foldPendingInTx(tx);
    return countedAttemptsInTx(tx, examId);
  });
}

export async function itemAnalysis(db: AppDb, examId: string): Promise<ItemAnalysis> {
  // A long queue (after the upgrade's backfill, a bulk import) in committed batches first: a request
  // that gives up still leaves its work done. Then what came since, in the reading transaction.
  await foldInsightCounts(db);
  return db.transaction(async (tx) => {
    await foldPendingInTx(tx); // holds the fold lock to the end: the reads below see one state
    const attempts = await countedAttemptsInTx(tx, examId);
    const base = { exam_id: examId, attempts, min_attempts: ITEM_ANALYSIS_MIN_ATTEMPTS };
    if (attempts < ITEM_ANALYSIS_MIN_ATTEMPTS) return { ...base, sufficient: false, sections: [], items: [] };

    const itemRows = (await rowsOf(tx, sql`
      select q.id::text as question_id, p.section, q.number, jsonb_array_length(q.options) as option_count, k.correct_index,
        row_number() over (partition by p.section order by q.number, q.id) as ord
      from exam_parts p
      join question_groups g on g.part_id = p.id
      join questions q on q.group_id = g.id
      left join answer_keys k on k.question_id = q.id
      where p.exam_id = ${examId}`)).map((r): ItemInfo => ({
      question_id: String(r.question_id), section: r.section as SectionName, number: num(r.number), option_count: num(r.option_count),
      correct_index: r.correct_index === null || r.correct_index === undefined ? null : num(r.correct_index), ord: num(r.ord),
    }));
    // The analysis covers the questions with a key, as the scoring does.
    const keyed = itemRows.filter((i) => i.correct_index !== null);
    const byId = new Map(keyed.map((i) => [i.question_id, i]));

    const dist = new Map<SectionName, { total: number; n: number }[]>();
    for (const r of await rowsOf(tx, sql`
      select section, total, count(*)::int as n from insight_attempts
      where exam_id = ${examId} and total is not null group by section, total`)) {
      const list = dist.get(r.section as SectionName) ?? [];
      list.push({ total: num(r.total), n: num(r.n) });
      dist.set(r.section as SectionName, list);
    }
    const groups = new Map([...dist].map(([section, d]) => [section, sectionGroups(d)]));

    const sums = new Map<string, ItemSums>();
    const sumsOf = (item: ItemInfo) => {
      let s = sums.get(item.question_id);
      if (!s) {
        const zeros = () => Array.from({ length: item.option_count }, () => 0);
        s = { n: 0, correct: 0, correctTotal: 0, total: 0, total2: 0, all: zeros(), upper: zeros(), lower: zeros() };
        sums.set(item.question_id, s);
      }
      return s;
    };
    for (const r of await rowsOf(tx, sql`
      select question_id::text as question_id, chosen, total, n from insight_counts where exam_id = ${examId} and n <> 0`)) {
      const item = byId.get(String(r.question_id));
      const gr = item && groups.get(item.section);
      if (!item || !gr) continue;
      const chosen = num(r.chosen);
      const total = num(r.total);
      const n = num(r.n);
      const s = sumsOf(item);
      s.n += n;
      s.total += n * total;
      s.total2 += n * total * total;
      if (chosen === item.correct_index) {
        s.correct += n;
        s.correctTotal += n * total;
      }
      if (chosen < 0 || chosen >= item.option_count) continue;
      s.all[chosen]! += n;
      if (total > gr.upperScore || (total === gr.upperScore && gr.upperWhole)) s.upper[chosen]! += n;
      if (total < gr.lowerScore || (total === gr.lowerScore && gr.lowerWhole)) s.lower[chosen]! += n;
    }

    // The boundary scores: only the first `take` attempts of that score (by order id) are in the group.
    for (const [section, gr] of groups) {
      const sectionItems = keyed.filter((i) => i.section === section);
      const partial = async (score: number, take: number, direction: 'asc' | 'desc', into: 'upper' | 'lower') => {
        const rows = await rowsOf(tx, sql`
          select choices from insight_attempts where exam_id = ${examId} and section = ${section} and total = ${score}
          order by order_id ${sql.raw(direction)} limit ${take}`);
        for (const r of rows) {
          const choices = parseSmallintArray(r.choices);
          for (const item of sectionItems) {
            const chosen = choices[item.ord - 1];
            if (chosen !== undefined && chosen >= 0 && chosen < item.option_count) sumsOf(item)[into][chosen]! += 1;
          }
        }
      };
      if (!gr.upperWhole && gr.upperTake > 0) await partial(gr.upperScore, gr.upperTake, 'asc', 'upper');
      // The lower group is the end of the ranking: the last `take` of that score by order id.
      if (!gr.lowerWhole && gr.lowerTake > 0) await partial(gr.lowerScore, gr.lowerTake, 'desc', 'lower');
    }

    const items: ItemAnalysisItem[] = keyed.filter((it) => (sums.get(it.question_id)?.n ?? 0) > 0).map((it) => {
      const s = sums.get(it.question_id)!;
      const g = groupSize(s.n);
      const options: OptionFigures[] = Array.from({ length: it.option_count }, (_, index) => ({
        index,
        is_key: index === it.correct_index,
        share: s.all[index]! / s.n,
        upper_share: g ? s.upper[index]! / g : 0,
        lower_share: g ? s.lower[index]! / g : 0,
      }));
      const p = s.correct / s.n;
      const discrimination = restCorrelation(s);
      return { question_id: it.question_id, section: it.section, number: it.number, n: s.n, p, discrimination, options, flags: itemFlags({ p, discrimination, options }) };
    }).sort((a, b) => SECTION_ORDER[a.section]! - SECTION_ORDER[b.section]! || a.number - b.number);

    const sections: ItemAnalysisSection[] = SECTION_NAMES.flatMap((section) => {
      const gr = groups.get(section);
      if (!gr || gr.n === 0) return [];
      const mean = gr.sum / gr.n;
      const variance = (gr.n * gr.sum2 - gr.sum * gr.sum) / (gr.n * gr.n);
      const sd = Math.sqrt(variance);
      const sectionItems = items.filter((i) => i.section === section);
      const sumPq = sectionItems.length === 0 ? null : sectionItems.reduce((acc, i) => acc + i.p! * (1 - i.p!), 0);
      const count = keyed.filter((i) => i.section === section).length;
      const reliability = sumPq === null ? null : kr20FromAggregates(count, sumPq, variance);
      return [{ section, items: count, n: gr.n, mean, sd, kr20: reliability, sem: standardErrorOfMeasurement(sd, reliability) }];
    });

    return { ...base, sufficient: true, sections, items };
  });
}

/** smallint[] as node-postgres and PGlite return it: an array, or the text form '{1,-1,…}'. */
function parseSmallintArray(x: unknown): number[] {
  if (Array.isArray(x)) return x.map(Number);
  const text = String(x ?? '');
  const inner = text.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
