// The survey sent with a licence (spec 3 and 5), pure so it is unit-tested. A 'Lainnya' answer is
// stored as 'Lainnya: <free text>': reports can still group every "other" answer while keeping
// what the candidate wrote.
import type { SurveyMeta } from '../../../contracts/orders.ts';
import { messages } from '../../i18n/messages.ts';

const t = messages.survey;
export const OTHER = t.other;
/** The server keeps 200 characters per answer; this leaves room for the 'Lainnya: ' prefix. */
export const OTHER_TEXT_MAX = 150;

export interface SurveyValues { job: string; jobOther: string; use: string; useOther: string }
export type SurveyErrors = Partial<Record<keyof SurveyValues, string>>;

export const emptySurvey: SurveyValues = { job: '', jobOther: '', use: '', useOther: '' };

export function validateSurvey(v: SurveyValues): SurveyErrors {
  const errors: SurveyErrors = {};
  if (!v.job) errors.job = t.jobRequired;
  else if (v.job === OTHER && !v.jobOther.trim()) errors.jobOther = t.jobOtherRequired;
  if (!v.use) errors.use = t.useRequired;
  else if (v.use === OTHER && !v.useOther.trim()) errors.useOther = t.useOtherRequired;
  return errors;
}

export function isSurveyValid(v: SurveyValues): boolean {
  return Object.keys(validateSurvey(v)).length === 0;
}

const answer = (choice: string, other: string) => (choice === OTHER ? `${OTHER}: ${other.trim()}` : choice);

/** What the order create call sends as `meta`. */
export function surveyMeta(v: SurveyValues): SurveyMeta {
  return { job: answer(v.job, v.jobOther), certificate_for: answer(v.use, v.useOther) };
}
