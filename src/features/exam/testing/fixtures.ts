// Test support only: section content in the contract's shape, small enough to read in a test.
import type { DeliveredPart, MediaRef, QuestionList, SectionDetail } from '../../../../contracts/exam-delivery.ts';

export const media = (id: string, duration: number | null): MediaRef => ({
  id, title: id, source: 'import', type: 'audio', public_url: `/api/storage/v1/media/file/${id}?exp=1&sig=x`, url: `/api/storage/v1/media/file/${id}?exp=1&sig=x`, duration,
});

let n = 0;
export function list(questionTexts: string[], opts: { isGroup?: boolean; text?: string; audio?: MediaRef | null; selected?: (string | null)[] } = {}): QuestionList {
  const id = `list-${++n}`;
  return {
    id, is_group: opts.isGroup ?? questionTexts.length > 1, text: opts.text ?? '', with_media: Boolean(opts.audio), media: opts.audio ?? null,
    list_question: questionTexts.map((text, i) => ({
      id: `${id}-q${i + 1}`, number: 0, question: { text, media: null }, audio: null,
      options: ['w', 'x', 'y', 'z'].map((o) => ({ text: `${text}-${o}` })), type: 'single_choice' as const,
      selected_answer: opts.selected?.[i] ?? null,
    })),
  };
}

/** Parts with section-wide question numbers filled in, as the server sends them. */
export function parts(spec: { part: 'A' | 'B' | 'C'; lists: QuestionList[]; direction?: MediaRef | null; close?: { text: string; media: MediaRef | null } | null }[]): DeliveredPart[] {
  let number = 0;
  return spec.map((p) => ({
    part: p.part, exam_id: 'exam-1', company: { id: 'company-1' },
    part_direction: { text: `Direction ${p.part}`, with_media: Boolean(p.direction), media: p.direction ?? null },
    close_statement: p.close ? { text: p.close.text, with_media: Boolean(p.close.media), media: p.close.media } : null,
    question_list: p.lists.map((l) => ({ ...l, list_question: l.list_question.map((q) => ({ ...q, number: ++number })) })),
  }));
}

export function sectionDetail(section: SectionDetail['exam']['section'], ps: DeliveredPart[], over: Partial<SectionDetail> = {}): SectionDetail {
  const now = Date.now();
  return {
    exam: { is_complete: false, section, parts: ps }, status: 'open', server_time_ms: now, started_at: new Date(now).toISOString(),
    deadline_ms: now + 1_500_000, remaining_seconds: 1500, duration_seconds: 1500, draft_position: null, images: [], time_accommodation: null, ...over,
  };
}
