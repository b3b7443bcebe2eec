// The live view of a test-day session (issue 30): what a member's row says, the events that change it
// and the one reducer the server's snapshot test and the console share, so the two cannot disagree.
import type { SectionName } from './sections.ts';

/** NOTIFY channel of the live events (PostgreSQL's own publish/subscribe; in-process on PGlite). */
export const LIVE_CHANNEL = 'epot_live';

export const LIVE_EVENT_KINDS = [
  'login', 'device_check', 'section_start', 'section_end', 'break_start', 'finished', 'disqualified',
  'beat', 'flag', 'returned', 'deadline', 'message', 'session_end', 'reentry',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** Flags a proctor sees as they happen. 'gap': the evidence stopped (camera off, detector stopped, speech not listened to). */
export const LIVE_FLAG_KINDS = ['tab', 'face', 'speech', 'gap'] as const;
export type LiveFlagKind = (typeof LIVE_FLAG_KINDS)[number];

export const LIVE_STATES = [
  'not_arrived', 'logged_in', 'device_check', 'listening', 'structure', 'reading', 'between', 'break', 'submitted', 'disqualified',
] as const;
export type LiveState = (typeof LIVE_STATES)[number];

export interface LiveEvent {
  /** Stored events have an id (the SSE id a reconnecting view resumes from); heartbeats have none. */
  id: number | null;
  session_id: string | null;
  user_id: string | null;
  order_id: string | null;
  kind: LiveEventKind;
  data: Record<string, unknown>;
  at: string;
}

export interface LiveMember {
  user_id: string;
  fullname: string;
  email: string;
  order_id: string | null;
  state: LiveState;
  /** The open section's server deadline (time left = deadline − server now). */
  deadline_at: string | null;
  break_ends_at: string | null;
  last_beat_at: string | null;
  flags: Record<LiveFlagKind, number>;
}

/** A member with no beat for this long while in a section is shown offline (three beats missed). */
export const LIVE_OFFLINE_AFTER_MS = 45_000;
/** Push delay target (acceptance): an event reaches an open view within this. */
export const LIVE_PUSH_TARGET_MS = 2_000;
/** At most this many recent flags and messages come with a snapshot. */
export const LIVE_FEED_MAX = 200;

const SECTION_STATES: readonly string[] = ['listening', 'structure', 'reading'];
const BEFORE_START: readonly LiveState[] = ['not_arrived', 'logged_in', 'device_check'];

export const zeroFlags = (): Record<LiveFlagKind, number> => ({ tab: 0, face: 0, speech: 0, gap: 0 });

/** A member's row after one event (pure: the console applies pushed events with it). */
export function applyLiveEvent(m: LiveMember, e: LiveEvent): LiveMember {
  if (e.user_id !== m.user_id) return m;
  const d = e.data;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  const orderId = e.order_id ?? m.order_id;
  switch (e.kind) {
    case 'login':
      return m.state === 'not_arrived' ? { ...m, state: 'logged_in' } : m;
    case 'device_check':
      return BEFORE_START.includes(m.state) ? { ...m, state: 'device_check', order_id: orderId } : m;
    case 'section_start': {
      const section = str('section');
      return section && SECTION_STATES.includes(section)
        ? { ...m, order_id: orderId, state: section as SectionName, deadline_at: str('deadline_at'), break_ends_at: null } : m;
    }
    case 'section_end':
      return m.state === str('section') ? { ...m, state: str('section') === 'reading' ? 'submitted' : 'between', deadline_at: null } : m;
    case 'break_start':
      return { ...m, state: 'break', deadline_at: null, break_ends_at: str('ends_at') };
    case 'finished':
      return m.state === 'disqualified' ? m : { ...m, state: 'submitted', deadline_at: null };
    case 'disqualified':
      return { ...m, state: 'disqualified', deadline_at: null };
    case 'beat':
      return { ...m, order_id: orderId, last_beat_at: e.at };
    case 'flag': {
      const kind = str('flag') as LiveFlagKind | null;
      return kind && kind in m.flags ? { ...m, flags: { ...m.flags, [kind]: m.flags[kind] + 1 } } : m;
    }
    case 'deadline':
    case 'reentry': {
      const section = str('section');
      return section && SECTION_STATES.includes(section) ? { ...m, state: section as SectionName, deadline_at: str('deadline_at') } : m;
    }
    default:
      return m;
  }
}

/** Seconds without a beat while in a section, or null when the member is not expected to beat (or is beating). */
export function offlineSeconds(m: LiveMember, nowMs: number): number | null {
  if (!SECTION_STATES.includes(m.state)) return null;
  const last = m.last_beat_at ? Date.parse(m.last_beat_at) : null;
  if (last !== null && nowMs - last < LIVE_OFFLINE_AFTER_MS) return null;
  return last === null ? null : Math.floor((nowMs - last) / 1000);
}
