// A section's content as candidates see it. Exams are immutable once imported (a re-import is a
// new exam row), so the loaded content is cached per exam and section; only the signed media URLs
// and the candidate's selections are added per request. The queries name their columns: the
// transcript and the answer keys are never selected here.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnswerPart } from '../../../contracts/exam-answer.ts';
import type { DeliveredPart, MediaRef, Statement } from '../../../contracts/exam-delivery.ts';
import type { AppDb } from '../../db/client.ts';
import { examParts, exams, media, questionGroups, questions, type MediaType } from '../../db/schema/index.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';
import type { PartLetter, SectionName } from '../../../contracts/facts/index.ts';

interface ContentMedia { id: string; title: string; source: string; type: MediaType; duration_ms: number | null }
interface ContentQuestion {
  id: string; number: number; text: string; image_media_id: string | null; audio_media_id: string | null;
  options: { text: string }[];
}
interface ContentGroup { id: string; is_group: boolean; text: string; media_id: string | null; questions: ContentQuestion[] }
interface ContentPart {
  part: PartLetter; direction_text: string; direction_media_id: string | null;
  close_text: string | null; close_media_id: string | null; groups: ContentGroup[];
}

export interface SectionContent {
  examId: string;
  companyId: string;
  section: SectionName;
  parts: ContentPart[];
  media: Map<string, ContentMedia>;
  /** Every question of the section, in number order. */
  questions: ContentQuestion[];
  questionIds: Set<string>;
  /** Sum of the section's audio, each use counted (a file played twice counts twice). */
  audioMs: number;
}

/**
 * `read` cached per exam and section (an exam's content and keys never change: a re-import is a new
 * exam), the oldest of `size` entries dropped first and a failed read forgotten. Call the loader
 * outside a transaction: the cache is shared.
 */
export function cachedPerSection<T>(read: (db: AppDb, examId: string, section: SectionName) => Promise<T>, size = 64) {
  const cache = new Map<string, Promise<T>>();
  return (db: AppDb, examId: string, section: SectionName): Promise<T> => {
    const key = `${examId}:${section}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = read(db, examId, section);
      hit.catch(() => cache.delete(key));
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
      cache.set(key, hit);
    }
    return hit;
  };
}

/** The section's content (cached). */
export const loadSectionContent = cachedPerSection(readSectionContent);

async function readSectionContent(db: AppDb, examId: string, section: SectionName): Promise<SectionContent> {
  const [exam] = await db.select({ company_id: exams.company_id }).from(exams).where(eq(exams.id, examId));
  if (!exam) throw new Error(`exam ${examId} does not exist`);
  const parts = await db.select({
    id: examParts.id, part: examParts.part, direction_text: examParts.direction_text, direction_media_id: examParts.direction_media_id,
    close_text: examParts.close_text, close_media_id: examParts.close_media_id,
  }).from(examParts).where(and(eq(examParts.exam_id, examId), eq(examParts.section, section))).orderBy(asc(examParts.position));
  const partIds = parts.map((p) => p.id);
  const groupRows = partIds.length === 0 ? [] : await db.select({
    id: questionGroups.id, part_id: questionGroups.part_id, is_group: questionGroups.is_group, text: questionGroups.text,
    media_id: questionGroups.media_id,
  }).from(questionGroups).where(inArray(questionGroups.part_id, partIds)).orderBy(asc(questionGroups.position));
  const groupIds = groupRows.map((g) => g.id);
  const questionRows = groupIds.length === 0 ? [] : await db.select({
    id: questions.id, group_id: questions.group_id, number: questions.number, text: questions.text,
    image_media_id: questions.image_media_id, audio_media_id: questions.audio_media_id, options: questions.options,
  }).from(questions).where(inArray(questions.group_id, groupIds)).orderBy(asc(questions.number));

  const mediaIds = new Set<string>();
  const addId = (id: string | null) => { if (id) mediaIds.add(id); };
  for (const p of parts) { addId(p.direction_media_id); addId(p.close_media_id); }
  for (const g of groupRows) addId(g.media_id);
  for (const q of questionRows) { addId(q.image_media_id); addId(q.audio_media_id); }
  const mediaRows = mediaIds.size === 0 ? [] : await db.select({
    id: media.id, title: media.title, source: media.source, type: media.type, duration_ms: media.duration_ms,
  }).from(media).where(inArray(media.id, [...mediaIds]));
  const mediaById = new Map(mediaRows.map((m) => [m.id, m]));

  const byGroup = new Map<string, ContentQuestion[]>();
  for (const { group_id, ...q } of questionRows) byGroup.set(group_id, [...(byGroup.get(group_id) ?? []), q]);
  const byPart = new Map<string, ContentGroup[]>();
  for (const { part_id, ...g } of groupRows) byPart.set(part_id, [...(byPart.get(part_id) ?? []), { ...g, questions: byGroup.get(g.id) ?? [] }]);
  const content: ContentPart[] = parts.map(({ id, ...p }) => ({ ...p, groups: byPart.get(id) ?? [] }));

  const audio = (id: string | null) => (id ? (mediaById.get(id)?.type === 'audio' ? mediaById.get(id)!.duration_ms ?? 0 : 0) : 0);
  let audioMs = 0;
  for (const p of content) {
    audioMs += audio(p.direction_media_id) + audio(p.close_media_id);
    for (const g of p.groups) {
      audioMs += audio(g.media_id);
      for (const q of g.questions) audioMs += audio(q.audio_media_id);
    }
  }
  const all = content.flatMap((p) => p.groups.flatMap((g) => g.questions)).sort((a, b) => a.number - b.number);
  return {
    examId, companyId: exam.company_id, section, parts: content, media: mediaById,
    questions: all, questionIds: new Set(all.map((q) => q.id)), audioMs,
  };
}
/** The chosen option text per question id, from a stored list of answer parts. */
export function selectionsOf(answer: readonly AnswerPart[] | null): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const part of answer ?? []) for (const e of part.list_question) out.set(e.question_id, e.answer[0]);
  return out;
}

/** The parts in the contract's shape, with signed media URLs and the candidate's selections. */
export function renderSectionParts(content: SectionContent, signer: MediaUrlSigner, selected: Map<string, string | null>): DeliveredPart[] {
  const ref = (id: string | null): MediaRef | null => {
    const m = id ? content.media.get(id) : undefined;
    if (!m) return null;
    const url = signer.url(m.id);
    return { id: m.id, title: m.title, source: m.source, type: m.type, public_url: url, url, duration: m.duration_ms == null ? null : m.duration_ms / 1000 };
  };
  const statement = (text: string, mediaId: string | null): Statement => {
    const m = ref(mediaId);
    return { text, with_media: m !== null, media: m };
  };
  return content.parts.map((p) => ({
    part: p.part,
    exam_id: content.examId,
    company: { id: content.companyId },
    part_direction: statement(p.direction_text, p.direction_media_id),
    close_statement: p.close_text === null && p.close_media_id === null ? null : statement(p.close_text ?? '', p.close_media_id),
    question_list: p.groups.map((g) => {
      const m = ref(g.media_id);
      return {
        id: g.id, is_group: g.is_group, text: g.text, with_media: m !== null, media: m,
        list_question: g.questions.map((q) => {
          const image = ref(q.image_media_id);
          return {
            id: q.id, number: q.number,
            question: { text: q.text, media: image ? { type: 'image' as const, url: image.url } : null },
            audio: ref(q.audio_media_id),
            options: q.options.map((o) => ({ text: o.text })),
            type: 'single_choice' as const,
            selected_answer: selected.get(q.id) ?? null,
          };
        }),
      };
    }),
  }));
}
