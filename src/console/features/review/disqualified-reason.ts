// The server stores why an attempt was disqualified as a code ('violations:open_new_tab', or
// 'candidate app: listening' when the candidate's app ended it): reviewers read a sentence instead.
import { violationKindOfReason } from '../../../../contracts/facts/index.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';

const r = staffReviewMessages.attempt.reasons;

export function disqualifiedReasonText(code: string): string {
  const kind = violationKindOfReason(code);
  if (kind) return r[kind];
  const app = /^candidate app: (\w+)$/.exec(code);
  if (app) return r.candidateApp(app[1]!);
  return r.other;
}
