// The listening section's content mapped onto the audio-schedule worker's timeline: what each
// timeline item plays and shows.
import type { DeliveredPart, MediaRef } from '../../../contracts/exam-delivery.ts';
import type { ScheduledItem, TimelinePart } from '../../../workers/audio-schedule/contract.ts';
import type { FlatQuestion } from './section-model.ts';

const durationMs = (media: MediaRef | null | undefined): number | null =>
  media?.duration != null && media.duration > 0 ? Math.round(media.duration * 1000) : null;

/** A question list's audio: its own, else its first question's (content may put it either place). */
export const listMedia = (list: DeliveredPart['question_list'][number]): MediaRef | null =>
  list.media ?? list.list_question[0]?.audio ?? null;

export function toTimeline(parts: readonly DeliveredPart[]): TimelinePart[] {
  return parts.map((p) => ({
    part: p.part,
    direction: { durationMs: durationMs(p.part_direction.media) },
    groups: p.question_list.map((l) => ({ durationMs: durationMs(listMedia(l)) })),
    close: p.close_statement ? { durationMs: durationMs(p.close_statement.media) } : null,
  }));
}

export interface ItemContent {
  media: MediaRef | null;
  /** The direction or close statement's text; '' for question lists. */
  text: string;
  part: DeliveredPart | undefined;
}

export function itemContent(parts: readonly DeliveredPart[], item: ScheduledItem): ItemContent {
  const part = parts.find((p) => p.part === item.part);
  if (!part) return { media: null, text: '', part };
  if (item.kind === 'direction') return { media: part.part_direction.media, text: part.part_direction.text, part };
  if (item.kind === 'close') return { media: part.close_statement?.media ?? null, text: part.close_statement?.text ?? '', part };
  const list = part.question_list[item.group ?? -1];
  return { media: list ? listMedia(list) : null, text: '', part };
}

/** The questions shown while a question list plays (none for directions and close statements). */
export function itemQuestions(questions: readonly FlatQuestion[], parts: readonly DeliveredPart[], item: ScheduledItem | undefined): FlatQuestion[] {
  if (!item || item.kind !== 'group') return [];
  const list = parts.find((p) => p.part === item.part)?.question_list[item.group ?? -1];
  return list ? questions.filter((q) => q.list.id === list.id) : [];
}
