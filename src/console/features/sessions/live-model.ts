// The live view's state (issue 30): the snapshot's rows with each pushed event applied by the one
// reducer in contracts (the server's test proves the two agree), the recent feed, and the offset
// between the server's clock and this one (time left is counted on the server's clock).
import type { LiveSnapshot } from '../../../../contracts/admin-sessions.ts';
import { applyLiveEvent, LIVE_FEED_MAX, offlineSeconds, type LiveEvent, type LiveMember, type LiveState } from '../../../../contracts/facts/index.ts';

/** A feed entry; `delayMs`: from the server's event to this page (the push delay), when it was pushed. */
export type FeedEntry = LiveEvent & { delayMs?: number };

export interface LiveModel {
  snapshot: LiveSnapshot | null;
  members: LiveMember[];
  feed: FeedEntry[];
  /** serverNow − Date.now(), from the snapshot's server_time. */
  offsetMs: number;
  endedAt: string | null;
}

export const initialLive: LiveModel = { snapshot: null, members: [], feed: [], offsetMs: 0, endedAt: null };

const FEED_KINDS = new Set(['flag', 'returned', 'message', 'deadline', 'reentry', 'session_end', 'disqualified', 'section_start', 'finished']);

export type LiveAction = { type: 'snapshot'; snapshot: LiveSnapshot; receivedAt: number } | { type: 'event'; event: LiveEvent; receivedAt: number };

export function liveReducer(m: LiveModel, a: LiveAction): LiveModel {
  if (a.type === 'snapshot') {
    return {
      snapshot: a.snapshot, members: a.snapshot.members, feed: a.snapshot.feed,
      offsetMs: Date.parse(a.snapshot.server_time) - a.receivedAt, endedAt: a.snapshot.session.ended_at,
    };
  }
  const e = a.event;
  const members = e.user_id ? m.members.map((r) => (r.user_id === e.user_id ? applyLiveEvent(r, e) : r)) : m.members;
  const feed = FEED_KINDS.has(e.kind) ? [...m.feed, { ...e, delayMs: Math.max(0, a.receivedAt + m.offsetMs - Date.parse(e.at)) }].slice(-LIVE_FEED_MAX) : m.feed;
  return { ...m, members, feed, endedAt: e.kind === 'session_end' ? e.at : m.endedAt };
}

/** The filter's groups of states. */
export const STATE_GROUPS = {
  all: null,
  waiting: ['not_arrived', 'logged_in', 'device_check'],
  testing: ['listening', 'structure', 'reading', 'between', 'break'],
  offline: null,
  submitted: ['submitted'],
  disqualified: ['disqualified'],
} as const satisfies Record<string, readonly LiveState[] | null>;
export type StateGroup = keyof typeof STATE_GROUPS;

export const flagCount = (r: LiveMember) => r.flags.tab + r.flags.face + r.flags.speech + r.flags.gap;

export function visibleRows(rows: LiveMember[], f: { group: StateGroup; flagged: boolean; search: string }, nowMs: number): LiveMember[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.group === 'offline' ? offlineSeconds(r, nowMs) === null : STATE_GROUPS[f.group] !== null && !(STATE_GROUPS[f.group] as readonly string[]).includes(r.state)) return false;
    if (f.flagged && flagCount(r) === 0) return false;
    return q === '' || r.fullname.toLowerCase().includes(q) || r.email.toLowerCase().includes(q);
  });
}

export function groupCounts(rows: LiveMember[], nowMs: number): Record<StateGroup, number> {
  const out = { all: rows.length, waiting: 0, testing: 0, offline: 0, submitted: 0, disqualified: 0 };
  for (const r of rows) {
    for (const g of ['waiting', 'testing', 'submitted', 'disqualified'] as const) if ((STATE_GROUPS[g] as readonly string[]).includes(r.state)) out[g]++;
    if (offlineSeconds(r, nowMs) !== null) out.offline++;
  }
  return out;
}
