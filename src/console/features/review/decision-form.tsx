// The decision form: the decisions open to this attempt, a required note, and what the decision will
// do (four eyes, answering an appeal, only an operator changes a decision in effect).
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { ReviewState } from '../../../../contracts/admin-review.ts';
import { type ReviewDecision } from '../../../../contracts/facts/index.ts';
import { DECISION_LABELS } from '../../../../contracts/facts/review-texts.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { postDecision } from './api/review-api.ts';

const t = staffReviewMessages.decision;

export function DecisionForm({ orderId, review, appealOpen, staffEmail, onDecided }: {
  orderId: string; review: ReviewState; appealOpen: boolean; staffEmail: string; onDecided: (message: string) => void;
}) {
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; note?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = review.pending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { ...(decision ? {} : { decision: t.chooseRequired }), ...(note.trim() ? {} : { note: t.noteRequired }) };
    setErrors(next);
    if (!decision || !note.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await postDecision(orderId, { decision, note: note.trim() });
      setNote('');
      setDecision(null);
      onDecided(message);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel stack" aria-labelledby="decision-title">
      <h2 id="decision-title">{t.title}</h2>
      {review.decision && <p data-testid="current-decision">{t.current(DECISION_LABELS[review.decision])}</p>}
      {pending && <p className="staff-note" role="note">{t.pending(DECISION_LABELS[pending.decision], pending.staff_email)}{pending.staff_email === staffEmail ? ` ${t.pendingOwn}` : ''}</p>}
      {review.four_eyes && !pending && <p className="muted">{t.fourEyes}</p>}
      {!review.can_decide && !pending && review.decision && <p className="muted">{t.locked}</p>}
      {review.can_decide && (
        <Form className="stack" onSubmit={(e) => void submit(e)} aria-labelledby="decision-title">
          {appealOpen && <p className="muted">{t.appealAnswer}</p>}
          <RadioGroup label={t.choose} value={decision} errorMessage={errors.decision}
            options={review.allowed_decisions.map((d) => ({ value: d, label: DECISION_LABELS[d] }))}
            onChange={(v) => { setDecision(v as ReviewDecision); setErrors((x) => ({ ...x, decision: undefined })); }} />
          <TextField label={t.note} description={t.noteHint} multiline value={note} errorMessage={errors.note} isRequired
            onChange={(v) => { setNote(v); setErrors((x) => ({ ...x, note: undefined })); }} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="form-actions"><Button type="submit" isDisabled={busy}>{busy ? t.saving : t.submit}</Button></div>
        </Form>
      )}
    </section>
  );
}
