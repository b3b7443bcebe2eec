// Imports an exam content file (contracts/exam-import.ts) in three steps, so a bad file changes
// nothing: prepare (parse, check every item, find and measure every media file; no side effects),
// store the media copies, then insert every row in one transaction. If the transaction fails the
// copies are removed again. A re-import of the same title makes a new version and archives the
// old one; rows that answers may refer to are never changed.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { and, eq, max } from 'drizzle-orm';
import { parseFile } from 'music-metadata';
import type { z } from 'zod';
import {
  examImportSchema, underlinedParts, type ExamImport, type ExamImportGroup, type ExamImportQuestion,
} from '../../../contracts/exam-import.ts';
import type { AppDb } from '../../db/client.ts';
import {
  answerKeys, companies, examParts, exams, media, questionGroups, questions, type MediaType,
} from '../../db/schema/index.ts';
import { mapLimit } from '../platform/map-limit.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { MAX_RAW } from './scoring.ts';
import { SECTION_NAMES, type SectionName } from '../../../contracts/facts/index.ts';

/** What each accepted extension is stored as. SVG is left out on purpose (it can carry script). */
const FILE_TYPES: Record<string, { type: MediaType; mime: string }> = {
  webm: { type: 'audio', mime: 'audio/webm' },
  ogg: { type: 'audio', mime: 'audio/ogg' },
  opus: { type: 'audio', mime: 'audio/ogg' },
  mp3: { type: 'audio', mime: 'audio/mpeg' },
  m4a: { type: 'audio', mime: 'audio/mp4' },
  wav: { type: 'audio', mime: 'audio/wav' },
  png: { type: 'image', mime: 'image/png' },
  jpg: { type: 'image', mime: 'image/jpeg' },
  jpeg: { type: 'image', mime: 'image/jpeg' },
  webp: { type: 'image', mime: 'image/webp' },
  gif: { type: 'image', mime: 'image/gif' },
};
const extsOf = (type: MediaType) => Object.keys(FILE_TYPES).filter((e) => FILE_TYPES[e]!.type === type).map((e) => '.' + e);

/** A file that failed the checks; `problems` names each bad item, e.g. 'reading part A group 3 question 2: answer must be 0-3'. */
export class ExamImportError extends Error {
  constructor(readonly file: string, readonly problems: string[]) {
    super(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => '  - ' + p).join('\n')}`);
    this.name = 'ExamImportError';
  }
}

export interface PreparedMedia {
  path: string;
  title: string;
  type: MediaType;
  mime: string;
  ext: string;
  byte_size: number;
  duration_ms: number | null;
}

export interface PreparedExam {
  file: string;
  doc: ExamImport;
  /** By absolute path; a file used twice is stored once. */
  media: Map<string, PreparedMedia>;
  counts: Record<SectionName, number>;
}

export interface ImportResult {
  examId: string;
  title: string;
  version: number;
  archivedExamIds: string[];
  questionCounts: Record<SectionName, number>;
  mediaCount: number;
  /** Sum of the listening section's audio (the spec's listening clock adds 300 s to it). */
  listeningAudioMs: number;
}

// English texts for the operator, whatever zod locale the server installed; a schema's own error
// text (e.g. 'must be 0-3') still wins.
function englishIssue(iss: z.core.$ZodRawIssue): string | undefined {
  const plural = (n: unknown, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'is required';
      return `must be ${{ int: 'a whole number', array: 'a list', object: 'an object' }[iss.expected as string] ?? `a ${iss.expected}`}`;
    case 'too_small':
      if (iss.origin === 'string') return 'must not be empty';
      if (iss.origin === 'array') return `must have ${iss.exact ? 'exactly' : 'at least'} ${plural(iss.minimum, 'item')}`;
      return `must be at least ${String(iss.minimum)}`;
    case 'too_big':
      if (iss.origin === 'array') return `must have ${iss.exact ? 'exactly' : 'at most'} ${plural(iss.maximum, 'item')}`;
      return `must be at most ${String(iss.maximum)}`;
    case 'invalid_value':
      return `must be one of ${iss.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}`;
    default:
      return undefined;
  }
}

const at = (...names: (string | number)[]) => names.join(' ');
const partName = (doc: unknown, section: string, i: number): string => {
  const letter = (doc as { sections?: Record<string, { parts?: { part?: unknown }[] }> })
    .sections?.[section]?.parts?.[i]?.part;
  return typeof letter === 'string' && /^[ABC]$/.test(letter) ? `part ${letter}` : `part ${i + 1}`;
};

/** 'sections.reading.parts.0.groups.2.questions.1.answer' -> 'reading part A group 3 question 2: answer'. */
function describePath(path: PropertyKey[], doc: unknown): { where: string; field: string } {
  if (path[0] !== 'sections' || typeof path[1] !== 'string' || path.length === 2) return { where: 'exam', field: path.map(String).join('.') };
  const where: string[] = [path[1]];
  let i = 2;
  const take = (key: string, name: (n: number) => string) => {
    if (path[i] === key && typeof path[i + 1] === 'number') { where.push(name(path[i + 1] as number)); i += 2; return true; }
    return false;
  };
  take('parts', (n) => partName(doc, path[1] as string, n));
  if (!take('groups', (n) => `group ${n + 1}`)) {
    if (path[i] === 'direction' || path[i] === 'close') where.push(String(path[i++]));
  }
  take('questions', (n) => `question ${n + 1}`);
  const rest = path.slice(i);
  const field = rest[0] === 'options' && typeof rest[1] === 'number' ? `option ${rest[1] + 1}` : rest.map(String).join('.');
  return { where: where.join(' '), field };
}

function parseDocument(raw: unknown): { doc?: ExamImport; problems: string[] } {
  const parsed = examImportSchema.safeParse(raw, { error: englishIssue });
  if (parsed.success) return { doc: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((iss) => {
      const { where, field } = describePath(iss.path, raw);
      return `${where}: ${field ? field + ' ' : ''}${iss.message}`;
    }),
  };
}

interface MediaRef { rel: string; kind: 'audio' | 'image'; where: string }

/** Content rules zod cannot express; also collects the media references. */
function checkContent(doc: ExamImport): { problems: string[]; refs: MediaRef[]; counts: Record<SectionName, number> } {
  const problems: string[] = [];
  const refs: MediaRef[] = [];
  const counts = { listening: 0, structure: 0, reading: 0 };
  for (const section of SECTION_NAMES) {
    const { parts, question_count } = doc.sections[section];
    const letters = parts.map((p) => p.part);
    if (new Set(letters).size !== letters.length) problems.push(`${section}: each part letter may appear once (got ${letters.join(', ')})`);
    else if (letters.join() !== [...letters].sort().join()) problems.push(`${section}: parts must be in order A, B, C (got ${letters.join(', ')})`);
    for (const part of parts) {
      const p = at(section, 'part', part.part);
      if (part.direction.audio) refs.push({ rel: part.direction.audio, kind: 'audio', where: `${p} direction` });
      if (part.close?.audio) refs.push({ rel: part.close.audio, kind: 'audio', where: `${p} close` });
      part.groups.forEach((group, gi) => {
        const g = at(p, 'group', gi + 1);
        checkGroup(group, g, problems);
        if (group.audio) refs.push({ rel: group.audio, kind: 'audio', where: g });
        group.questions.forEach((q, qi) => {
          const where = at(g, 'question', qi + 1);
          checkQuestion(q, group, where, problems);
          if (q.audio) refs.push({ rel: q.audio, kind: 'audio', where });
          if (q.image) refs.push({ rel: q.image, kind: 'image', where });
        });
        counts[section] += group.questions.length;
      });
    }
    if (counts[section] !== question_count) {
      problems.push(`${section}: question_count is ${question_count} but the section holds ${counts[section]} questions`);
    }
    if (counts[section] > MAX_RAW[section]) {
      problems.push(`${section}: ${counts[section]} questions; the score conversion covers at most ${MAX_RAW[section]}`);
    }
  }
  return { problems, refs, counts };
}

function checkGroup(group: ExamImportGroup, where: string, problems: string[]) {
  if (!group.is_group && group.questions.length !== 1) {
    problems.push(`${where}: is_group is false, so it must hold exactly one question (it holds ${group.questions.length})`);
  }
  if (group.is_group && !group.text && !group.audio) problems.push(`${where}: a group needs a text or an audio`);
  if (group.transcript && !group.audio) problems.push(`${where}: transcript given without audio`);
}

function checkQuestion(q: ExamImportQuestion, group: ExamImportGroup, where: string, problems: string[]) {
  if (!q.text && !q.image && !q.audio && !group.audio) problems.push(`${where}: needs a text, an image or an audio`);
  const seen = new Map<string, number>();
  q.options.forEach((o, i) => {
    const first = seen.get(o);
    if (first !== undefined) problems.push(`${where}: option ${first + 1} and option ${i + 1} are the same ("${o}"); answers are matched by text`);
    else seen.set(o, i);
  });
  const marked = underlinedParts(q.text ?? '');
  if (marked.length === 0) return;
  if (marked.map((m) => m.letter).join('') !== 'ABCD') {
    problems.push(`${where}: the underlined parts must be marked [A] to [D], in order (found ${marked.map((m) => m.letter).join(', ')})`);
    return;
  }
  marked.forEach((m, i) => {
    if (q.options[i] !== m.text) problems.push(`${where}: option ${i + 1} must be the text underlined as [${m.letter}] ("${m.text}")`);
  });
}

/**
 * Duration in whole milliseconds, read in-process from the container (WebM/Matroska, Ogg, MP3, MP4,
 * WAV) by music-metadata, so importing needs no media toolchain on the host. `duration: true` makes
 * it scan to the end where a header has no duration (e.g. MP3 without a Xing frame).
 */
export async function probeDurationMs(path: string): Promise<number> {
  let seconds: number | undefined;
  try {
    seconds = (await parseFile(path, { duration: true, skipCovers: true })).format.duration;
  } catch {
    throw new Error('not a readable audio file');
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw new Error('no duration found in the file');
  return Math.round(seconds * 1000);
}

async function prepareMedia(baseDir: string, refs: MediaRef[], problems: string[]): Promise<Map<string, PreparedMedia>> {
  const byPath = new Map<string, MediaRef>();
  for (const ref of refs) {
    const path = resolve(baseDir, ref.rel);
    const ext = extname(path).slice(1).toLowerCase();
    const type = FILE_TYPES[ext]?.type;
    if (type !== ref.kind) {
      problems.push(`${ref.where}: ${ref.kind} ${ref.rel} must be one of ${extsOf(ref.kind).join(', ')}`);
      continue;
    }
    if (!byPath.has(path)) byPath.set(path, ref);
  }
  const prepared = await mapLimit([...byPath], 4, async ([path, ref]): Promise<PreparedMedia | null> => {
    const ext = extname(path).slice(1).toLowerCase();
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      problems.push(`${ref.where}: ${ref.kind} file ${ref.rel} not found`);
      return null;
    }
    let duration_ms: number | null = null;
    if (ref.kind === 'audio') {
      try {
        duration_ms = await probeDurationMs(path);
      } catch (err) {
        problems.push(`${ref.where}: audio ${ref.rel}: ${(err as Error).message}`);
        return null;
      }
    }
    return { path, title: basename(path), ext, ...FILE_TYPES[ext]!, byte_size: info.size, duration_ms };
  });
  return new Map(prepared.filter((m): m is PreparedMedia => m !== null).map((m) => [m.path, m]));
}

/** Reads and checks a content file; throws ExamImportError listing every problem. No side effects. */
export async function prepareExamImport(file: string): Promise<PreparedExam> {
  const path = resolve(file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new ExamImportError(file, [(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not valid JSON: ${(err as Error).message}`]);
  }
  const parsed = parseDocument(raw);
  if (!parsed.doc) throw new ExamImportError(file, parsed.problems);
  const { problems, refs, counts } = checkContent(parsed.doc);
  const prepared = await prepareMedia(dirname(path), refs, problems);
  if (problems.length > 0) throw new ExamImportError(file, problems);
  return { file: path, doc: parsed.doc, media: prepared, counts };
}

export interface StoredMedia {
  /** Storage key by absolute source path. */
  keys: Map<string, string>;
  /** Removes the copies (when the rows were not inserted after all). */
  discard(): Promise<void>;
}

/** Copies the prepared media into the store. */
export async function storeExamMedia(prepared: PreparedExam, store: BlobStore): Promise<StoredMedia> {
  const keys = new Map<string, string>();
  const discard = async () => { await Promise.all([...keys.values()].map((k) => store.delete(k))); };
  try {
    await mapLimit([...prepared.media.values()], 4, async (m) => { keys.set(m.path, await store.putFile(m.path, m.ext)); });
  } catch (err) {
    await discard();
    throw err;
  }
  return { keys, discard };
}

/** Inserts the exam; run it inside a transaction (importExam does). */
export async function insertExam(db: AppDb, prepared: PreparedExam, stored: StoredMedia, companyId: string): Promise<ImportResult> {
  const { doc } = prepared;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new ExamImportError(prepared.file, [`company ${companyId} does not exist`]);

  const same = and(eq(exams.company_id, companyId), eq(exams.title, doc.title));
  const [latest] = await db.select({ version: max(exams.version) }).from(exams).where(same);
  const archived = await db.update(exams).set({ status: 'archived' })
    .where(and(same, eq(exams.status, 'active'))).returning({ id: exams.id });
  const examId = randomUUID();
  const version = (latest?.version ?? 0) + 1;
  await db.insert(exams).values({ id: examId, company_id: companyId, title: doc.title, version, status: 'active' });

  const mediaIds = new Map<string, string>();
  const mediaRows = [...prepared.media.values()].map((m) => {
    const id = randomUUID();
    mediaIds.set(m.path, id);
    const storage_key = stored.keys.get(m.path);
    if (!storage_key) throw new Error(`media ${m.path} was not stored`);
    return {
      id, title: m.title, source: 'import', type: m.type, mime: m.mime, storage_key,
      byte_size: m.byte_size, duration_ms: m.duration_ms,
    };
  });
  const baseDir = dirname(prepared.file);
  const mediaId = (rel: string | undefined) => (rel === undefined ? null : mediaIds.get(resolve(baseDir, rel))!);

  const partRows: (typeof examParts.$inferInsert)[] = [];
  const groupRows: (typeof questionGroups.$inferInsert)[] = [];
  const questionRows: (typeof questions.$inferInsert)[] = [];
  const keyRows: (typeof answerKeys.$inferInsert)[] = [];
  let listeningAudioMs = 0;
  const audioMs = (rel: string | undefined) => (rel ? prepared.media.get(resolve(baseDir, rel))?.duration_ms ?? 0 : 0);
  for (const section of SECTION_NAMES) {
    let number = 0;
    doc.sections[section].parts.forEach((part, pi) => {
      const partId = randomUUID();
      partRows.push({
        id: partId, exam_id: examId, section, part: part.part, position: pi + 1,
        direction_text: part.direction.text, direction_media_id: mediaId(part.direction.audio),
        close_text: part.close?.text ?? null, close_media_id: mediaId(part.close?.audio),
      });
      if (section === 'listening') listeningAudioMs += audioMs(part.direction.audio) + audioMs(part.close?.audio);
      part.groups.forEach((group, gi) => {
        const groupId = randomUUID();
        groupRows.push({
          id: groupId, part_id: partId, position: gi + 1, is_group: group.is_group, text: group.text ?? '',
          transcript: group.transcript ?? null, media_id: mediaId(group.audio),
        });
        if (section === 'listening') listeningAudioMs += audioMs(group.audio);
        group.questions.forEach((q, qi) => {
          const questionId = randomUUID();
          questionRows.push({
            id: questionId, group_id: groupId, position: qi + 1, number: ++number, type: 'single_choice',
            text: q.text ?? '', image_media_id: mediaId(q.image), audio_media_id: mediaId(q.audio),
            options: q.options.map((text) => ({ text })),
          });
          keyRows.push({ question_id: questionId, correct_index: q.answer });
          if (section === 'listening') listeningAudioMs += audioMs(q.audio);
        });
      });
    });
  }
  if (mediaRows.length > 0) await db.insert(media).values(mediaRows);
  await db.insert(examParts).values(partRows);
  await db.insert(questionGroups).values(groupRows);
  await db.insert(questions).values(questionRows);
  await db.insert(answerKeys).values(keyRows);

  return {
    examId, title: doc.title, version, archivedExamIds: archived.map((a) => a.id),
    questionCounts: prepared.counts, mediaCount: mediaRows.length, listeningAudioMs,
  };
}

/** The whole import: check, copy media, insert in one transaction (copies removed if it fails). */
export async function importExam(db: AppDb, store: BlobStore, opts: { file: string; companyId: string }): Promise<ImportResult> {
  const prepared = await prepareExamImport(opts.file);
  const stored = await storeExamMedia(prepared, store);
  try {
    return await db.transaction((tx) => insertExam(tx, prepared, stored, opts.companyId));
  } catch (err) {
    await stored.discard();
    throw err;
  }
}
