// The exam content file that `npm run admin -- exam import FILE.json` reads (see
// docs/content-format.md). One JSON document holds the three sections; media are paths relative to
// the JSON file, inside its folder. Shape:
//
// { "title": "…",
//   "sections": {
//     "listening": { "question_count": 50, "parts": [
//       { "part": "A",
//         "direction": { "text": "…", "audio": "audio/l-a-direction.webm" },
//         "close": { "text": "…", "audio": "audio/l-a-close.webm" },
//         "groups": [
//           { "is_group": false, "transcript": "M: …\nW: …\nNarrator: …", "audio": "audio/l-a-01.webm",
//             "questions": [ { "text": "What does the woman mean?", "options": ["…", "…", "…", "…"], "answer": 2 } ] } ] } ] },
//     "structure": { … }, "reading": { … } } }
//
// - `is_group` false: a lone question (exactly one); true: a passage or conversation with its questions.
// - `text` is shown to candidates; `transcript` (what an audio file says) never is.
// - Every question has exactly 4 distinct options; `answer` is the 0-based index of the correct one.
//   Answers are submitted as the option text, hence distinct.
// - Written expression: a question text may mark its 4 underlined parts as [A]…[/A] … [D]…[/D];
//   the options must then be those parts' texts, in order.
// - `question_count` must equal the number of questions the section holds.
import { z } from 'zod';
import { PART_LETTERS, SECTION_NAMES, type SectionName } from './facts/index.ts';

// Earlier names of facts/sections.ts exports, kept until every importer uses those.
export const EXAM_SECTIONS = SECTION_NAMES;
export type ExamSectionName = SectionName;
export const EXAM_PART_LETTERS = PART_LETTERS;

/** A file next to the JSON document (or below it). Checked for existence by the importer. */
const mediaPath = z.string().trim().min(1)
  .refine((p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split(/[\\/]/).includes('..'),
    { error: 'must be a relative path inside the exam folder' });

const statementSchema = z.strictObject({
  text: z.string().trim().min(1),
  audio: mediaPath.optional(),
});

export const examImportQuestionSchema = z.strictObject({
  text: z.string().trim().optional(),
  audio: mediaPath.optional(),
  image: mediaPath.optional(),
  options: z.array(z.string().trim().min(1)).length(4),
  // 0-based index into options.
  answer: z.int({ error: 'must be 0-3' }).min(0, { error: 'must be 0-3' }).max(3, { error: 'must be 0-3' }),
});

export const examImportGroupSchema = z.strictObject({
  is_group: z.boolean(),
  text: z.string().trim().optional(),
  transcript: z.string().trim().min(1).optional(),
  audio: mediaPath.optional(),
  questions: z.array(examImportQuestionSchema).min(1),
});

export const examImportPartSchema = z.strictObject({
  part: z.enum(PART_LETTERS),
  direction: statementSchema,
  close: statementSchema.optional(),
  groups: z.array(examImportGroupSchema).min(1),
});

export const examImportSectionSchema = z.strictObject({
  question_count: z.int().min(1),
  parts: z.array(examImportPartSchema).min(1),
});

export const examImportSchema = z.strictObject({
  title: z.string().trim().min(1),
  sections: z.strictObject({
    listening: examImportSectionSchema,
    structure: examImportSectionSchema,
    reading: examImportSectionSchema,
  }),
});

export type ExamImport = z.infer<typeof examImportSchema>;
export type ExamImportSection = z.infer<typeof examImportSectionSchema>;
export type ExamImportPart = z.infer<typeof examImportPartSchema>;
export type ExamImportGroup = z.infer<typeof examImportGroupSchema>;
export type ExamImportQuestion = z.infer<typeof examImportQuestionSchema>;

/** Written-expression markup: the parts marked [A]…[/A] to [D]…[/D], in the order they appear. */
export function underlinedParts(text: string): { letter: string; text: string }[] {
  return [...text.matchAll(/\[([A-D])\]([\s\S]*?)\[\/\1\]/g)].map((m) => ({ letter: m[1]!, text: m[2]!.trim() }));
}
