// A section's answers as the spec submits them: a list of parts, each listing its questions with
// the chosen option's text, or a null item when the question was left unanswered.
import { z } from 'zod';
import { PART_LETTERS } from './facts/index.ts';

export const answerEntrySchema = z.object({
  question_id: z.uuid(),
  answer: z.tuple([z.string().nullable()]),
});

export const answerPartSchema = z.object({
  part: z.enum(PART_LETTERS),
  list_question: z.array(answerEntrySchema),
});

export type AnswerEntry = z.infer<typeof answerEntrySchema>;
export type AnswerPart = z.infer<typeof answerPartSchema>;
