// A whole test's data from one measured section (issue 16's data budget): the benchmark sees the app
// load and part of one section, so the rest is extrapolated from what it measured, per category, and
// each row says how. Pure, so tests/unit/bench-lib.test.ts checks the arithmetic.
import type { Category, Tally } from './net-budget.ts';
import { CATEGORIES } from './net-budget.ts';

export interface TestShape {
  /** Questions per section, e.g. { listening: 50, structure: 40, reading: 50 }. */
  questions: Record<string, number>;
  /** Minutes per section (listening from its audio, structure 25, reading 55). */
  minutes: Record<string, number>;
  /** The section the benchmark measured. */
  measuredSection: string;
  /** Photos a whole test takes: at most 5 a section (contracts/facts/photos.ts) times the proctored sections. */
  photos: number;
  /** Autosaves per question: one for the answer and one for moving on (a candidate who changes answers sends more). */
  draftsPerQuestion: number;
  /** The listening audio, measured apart (the benchmark hands listening in without playing it). */
  audioBytes: number;
  audioFiles: number;
}

export interface BudgetRow {
  category: Category;
  measuredUp: number;
  measuredDown: number;
  measuredRequests: number;
  testUp: number;
  testDown: number;
  basis: string;
}

/**
 * `load`: from opening `/` to the section's start (app, model, WASM, login, section detail);
 * `section`: the measured window of `windowMinutes`.
 */
export function wholeTestBudget(load: Record<Category, Tally>, section: Record<Category, Tally>, windowMinutes: number, shape: TestShape): BudgetRow[] {
  const sections = Object.keys(shape.questions);
  const testMinutes = sections.reduce((a, s) => a + (shape.minutes[s] ?? 0), 0);
  const qMeasured = shape.questions[shape.measuredSection] ?? 1;
  const drafts = sections.reduce((a, s) => a + shape.draftsPerQuestion * (shape.questions[s] ?? 0) * ((shape.questions[s] ?? 0) / qMeasured), 0);
  const rows: BudgetRow[] = [];
  for (const category of CATEGORIES) {
    const l = load[category];
    const s = section[category];
    const measuredUp = l.upBytes + s.upBytes;
    const measuredDown = l.downBytes + s.downBytes;
    const measuredRequests = l.requests + s.requests + l.cachedRequests + s.cachedRequests;
    const perRequest = (t: Tally, f: 'upBytes' | 'downBytes') => (t.requests ? t[f] / t.requests : 0);
    let testUp: number;
    let testDown: number;
    let basis: string;
    if (category === 'photos') {
      testUp = perRequest(s, 'upBytes') * shape.photos;
      testDown = perRequest(s, 'downBytes') * shape.photos;
      basis = `mean of ${s.requests} uploads x ${shape.photos} photos`;
    } else if (category === 'autosaves') {
      // A draft carries the whole section's answers: its size scales with the section's questions.
      testUp = perRequest(s, 'upBytes') * drafts;
      testDown = perRequest(s, 'downBytes') * drafts;
      basis = `mean of ${s.requests} drafts x ${shape.draftsPerQuestion} per question, scaled by each section's questions (${Math.round(drafts)} draft-equivalents)`;
    } else if (category === 'submits' && s.requests + l.requests === 0) {
      // No submit in the window: one per section, about a draft's size each.
      const scaled = sections.reduce((a, x) => a + (shape.questions[x] ?? 0) / qMeasured, 0);
      testUp = perRequest(section.autosaves, 'upBytes') * scaled;
      testDown = perRequest(section.autosaves, 'downBytes') * scaled;
      basis = `not measured: ${sections.length} submits taken as a draft's size scaled by questions`;
    } else if (category === 'audio') {
      testUp = measuredUp;
      testDown = measuredDown + shape.audioBytes;
      basis = `listening audio fetched apart: ${shape.audioFiles} files, once`;
    } else if (category === 'model+wasm' || category === 'app assets') {
      testUp = measuredUp;
      testDown = measuredDown;
      basis = 'once (as measured: the SPA does not reload between sections)';
    } else {
      testUp = l.upBytes + (s.upBytes / windowMinutes) * testMinutes;
      testDown = l.downBytes + (s.downBytes / windowMinutes) * testMinutes;
      basis = `load once + the window's rate x ${Math.round(testMinutes)} min`;
    }
    rows.push({ category, measuredUp, measuredDown, measuredRequests, testUp: Math.round(testUp), testDown: Math.round(testDown), basis });
  }
  return rows;
}

/** Questions per section in an exam document: every object with an `options` array is one. */
export function countQuestions(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((a: number, x) => a + countQuestions(x), 0);
  if (!node || typeof node !== 'object') return 0;
  const self = Array.isArray((node as { options?: unknown }).options) ? 1 : 0;
  return self + Object.values(node).reduce((a: number, x) => a + countQuestions(x), 0);
}

/** Audio media referenced in a section detail (`type: 'audio'` with a `url`), once per id. */
export function audioRefs(node: unknown, out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(node)) for (const x of node) audioRefs(x, out);
  else if (node && typeof node === 'object') {
    const o = node as { type?: unknown; url?: unknown; id?: unknown };
    if (o.type === 'audio' && typeof o.url === 'string') out.set(String(o.id ?? o.url), o.url);
    for (const x of Object.values(node)) audioRefs(x, out);
  }
  return out;
}
