// The listening timeline, plain TypeScript so it is unit-tested in Node. A stall never changes what
// an item is, only when everything after it happens: the plan is recomputed from the parts plus the
// list of stalls, so re-planning is deterministic and a stall reported twice is not lost or doubled
// by drift.
import { WorkerError } from '../_shared/worker-error.ts';
import type {
  AudioSchedule, AudioScheduleApi, AudioScheduleErrorCode, ScheduledItem, SchedulePosition, Stall, TimelineMedia,
  TimelinePart,
} from './contract.ts';
import { NO_MEDIA_ITEM_MS } from './contract.ts';

const invalid = (message: string) => new WorkerError<AudioScheduleErrorCode>('invalid-argument', message);

function itemDuration(media: TimelineMedia, where: string): number {
  const ms = media.durationMs;
  if (ms === null || ms === 0) return NO_MEDIA_ITEM_MS;
  if (!Number.isFinite(ms) || ms < 0) throw invalid(`${where}: duration must be a positive number of ms, got ${String(ms)}`);
  return Math.round(ms);
}

/** Part direction -> its question lists -> its close statement, then the next part (A, B, C). */
export function buildSchedule(parts: TimelinePart[], stalls: readonly Stall[] = []): AudioSchedule {
  const bare: Omit<ScheduledItem, 'startMs' | 'stalledMs' | 'endMs'>[] = [];
  for (const p of parts) {
    bare.push({ index: bare.length, kind: 'direction', part: p.part, group: null, durationMs: itemDuration(p.direction, `part ${p.part} direction`) });
    p.groups.forEach((g, i) => {
      bare.push({ index: bare.length, kind: 'group', part: p.part, group: i, durationMs: itemDuration(g, `part ${p.part} group ${i + 1}`) });
    });
    if (p.close) bare.push({ index: bare.length, kind: 'close', part: p.part, group: null, durationMs: itemDuration(p.close, `part ${p.part} close`) });
  }
  const stalledBy = new Map<number, number>();
  for (const s of stalls) stalledBy.set(s.index, (stalledBy.get(s.index) ?? 0) + s.stalledMs);

  let at = 0;
  let mediaMs = 0;
  let stalledMs = 0;
  const items = bare.map((item): ScheduledItem => {
    const stalled = stalledBy.get(item.index) ?? 0;
    const scheduled = { ...item, startMs: at, stalledMs: stalled, endMs: at + item.durationMs + stalled };
    at = scheduled.endMs;
    mediaMs += item.durationMs;
    stalledMs += stalled;
    return scheduled;
  });
  return { items, totalMs: at, mediaMs, stalledMs };
}

export function validateStall(schedule: AudioSchedule, stall: Stall): void {
  const item = schedule.items[stall.index];
  if (!Number.isInteger(stall.index) || !item) throw invalid(`no item ${String(stall.index)} in the timeline`);
  if (!Number.isFinite(stall.offsetMs) || stall.offsetMs < 0 || stall.offsetMs > item.durationMs) {
    throw invalid(`offset ${String(stall.offsetMs)} ms is outside item ${stall.index} (0-${item.durationMs} ms)`);
  }
  if (!Number.isFinite(stall.stalledMs) || stall.stalledMs < 0) throw invalid(`stalled time must be >= 0 ms, got ${String(stall.stalledMs)}`);
}

/** The item playing `elapsedMs` after the section started; null after the last one. */
export function locate(schedule: AudioSchedule, elapsedMs: number): SchedulePosition | null {
  if (!Number.isFinite(elapsedMs)) throw invalid(`elapsed must be a number of ms, got ${String(elapsedMs)}`);
  const t = Math.max(0, elapsedMs);
  // Binary search: items are sorted by start and contiguous.
  let lo = 0;
  let hi = schedule.items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const item = schedule.items[mid]!;
    if (t < item.startMs) hi = mid - 1;
    else if (t >= item.endMs) lo = mid + 1;
    else return { index: mid, offsetMs: t - item.startMs };
  }
  return null;
}

export function createAudioSchedule(): AudioScheduleApi {
  let parts: TimelinePart[] | null = null;
  let stalls: Stall[] = [];
  let current: AudioSchedule | null = null;
  const planned = (): AudioSchedule => {
    if (!current) throw new WorkerError<AudioScheduleErrorCode>('no-plan', 'plan the timeline first');
    return current;
  };
  return {
    plan(next) {
      if (!Array.isArray(next)) throw invalid('parts must be a list');
      current = buildSchedule(next);
      parts = next;
      stalls = [];
      return current;
    },
    stalled(stall) {
      validateStall(planned(), stall);
      stalls = [...stalls, stall];
      current = buildSchedule(parts!, stalls);
      return current;
    },
    locate(elapsedMs) {
      return locate(planned(), elapsedMs);
    },
  };
}
