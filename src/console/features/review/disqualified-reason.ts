// The server stores why an attempt was disqualified as a code ('violations:open_new_tab', or
// 'candidate app: listening' when the candidate's app ended it): reviewers read a sentence instead.
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';

const r = staffReviewMessages.attempt.reasons;

export function disqualifiedReasonText(code: string): string {
  const [source, detail = ''] = code.split(/:\s*/, 2);
  if (source === 'violations' && (detail === 'open_new_tab' || detail === 'face' || detail === 'speech')) return r[detail];
  if (source === 'candidate app' && detail) return r.candidateApp(detail);
  return r.other;
}
