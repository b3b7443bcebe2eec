// The audio-schedule worker: the listening section's timeline. The page plays <audio> against it;
// the worker only computes when each item starts and how long it lasts, and re-plans after stalls.

/** One playable item's source: its media duration (null when the item has no audio). */
export interface TimelineMedia {
  durationMs: number | null;
}

/** A listening part as the section detail gives it, reduced to what the timeline needs. */
export interface TimelinePart {
  part: 'A' | 'B' | 'C';
  direction: TimelineMedia;
  /** The part's question lists (a lone question or a conversation/talk), in order. */
  groups: TimelineMedia[];
  /** The end-of-part statement; null when the part has none. */
  close: TimelineMedia | null;
}

export type TimelineItemKind = 'direction' | 'group' | 'close';

export interface ScheduledItem {
  /** Position in the timeline (0-based); the page's draft position for listening. */
  index: number;
  kind: TimelineItemKind;
  part: 'A' | 'B' | 'C';
  /** Index of the question list within its part; null for directions and close statements. */
  group: number | null;
  /** From the start of the section, including every stall before this item. */
  startMs: number;
  /** The media duration, or 1000 ms without media (spec 9). */
  durationMs: number;
  /** Time this item spent stalled so far; its end is start + duration + stalled. */
  stalledMs: number;
  endMs: number;
}

export interface AudioSchedule {
  items: ScheduledItem[];
  /** End of the last item: the whole section's playing time including stalls. */
  totalMs: number;
  /** The media durations alone (what the server's listening clock is built from). */
  mediaMs: number;
  stalledMs: number;
}

/** 'Stalled at item X, offset Y, for Z ms': shifts everything after the stall by Z. */
export interface Stall {
  index: number;
  offsetMs: number;
  stalledMs: number;
}

export interface SchedulePosition {
  index: number;
  /** Time into the item (0 <= offset < its end - start). */
  offsetMs: number;
}

export type AudioScheduleErrorCode = 'invalid-argument' | 'no-plan';

export interface AudioScheduleApi {
  /** Plans the timeline (replacing any earlier plan and its stalls). */
  plan(parts: TimelinePart[]): AudioSchedule;
  /** Re-plans after playback stalled; throws 'no-plan' before `plan`. */
  stalled(stall: Stall): AudioSchedule;
  /** Where `elapsedMs` from the section start falls; null once the timeline is over. */
  locate(elapsedMs: number): SchedulePosition | null;
}

/** Items without media last this long (spec 9: 'media duration, else 1 second'). */
export const NO_MEDIA_ITEM_MS = 1000;
