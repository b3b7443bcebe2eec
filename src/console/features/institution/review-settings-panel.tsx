// The institution's review settings on the settings screen: the risk threshold that queues results,
// the appeal period, four-eyes confirmation (institution admins and operators change them; proctors
// read), and the reviewers' agreement (share of second reviews that reversed the first).
import { useEffect, useState } from 'react';
import type { ReviewSettingsBody } from '../../../../contracts/admin-review.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { getAgreement, getReviewSettings, saveReviewSettings, type Agreement } from './api/review-rules-api.ts';

const t = staffReviewMessages.settings;
const percent = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 0 });

interface Draft { risk_threshold: string; appeal_hours: string; four_eyes: boolean }

export function parseReviewSettings(d: Draft): ReviewSettingsBody | null {
  const threshold = Number(d.risk_threshold);
  const hours = Number(d.appeal_hours);
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 100 || !Number.isInteger(hours) || hours < 1 || hours > 720) return null;
  return { risk_threshold: threshold, appeal_hours: hours, four_eyes: d.four_eyes };
}

function AgreementText({ agreement }: { agreement: Agreement | null }) {
  if (!agreement) return null;
  return (
    <p data-testid="review-agreement">
      {agreement.second_reviews === 0 ? t.agreementNone : t.agreement(agreement.reversed, agreement.second_reviews, percent.format(agreement.reversal_share ?? 0))}
    </p>
  );
}

export function ReviewSettingsPanel({ institutionId, readOnly, onThreshold }: { institutionId: string; readOnly: boolean; onThreshold: (n: number) => void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([getReviewSettings(institutionId), getAgreement(institutionId)]).then(([s, a]) => {
      if (!live) return;
      setDraft({ risk_threshold: String(s.risk_threshold), appeal_hours: String(s.appeal_hours), four_eyes: s.four_eyes });
      setAgreement(a);
      onThreshold(s.risk_threshold);
    }).catch((err: unknown) => { if (live) setStatus({ tone: 'error', text: errorText(err) }); });
    return () => { live = false; };
  }, [institutionId, onThreshold]);

  async function save() {
    const body = draft && parseReviewSettings(draft);
    if (!body) return setStatus({ tone: 'error', text: t.invalid });
    setBusy(true);
    try {
      setStatus({ tone: 'success', text: (await saveReviewSettings(institutionId, body)).message });
    } catch (err) {
      setStatus({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel stack" aria-labelledby="review-settings-title">
      <h2 id="review-settings-title">{t.title}</h2>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {draft && (
        <>
          <TextField label={t.threshold} description={t.thresholdHint} type="number" min="0" max="100" value={draft.risk_threshold} isDisabled={readOnly}
            onChange={(v) => setDraft({ ...draft, risk_threshold: v })} />
          <TextField label={t.appealHours} description={t.appealHoursHint} type="number" min="1" max="720" value={draft.appeal_hours} isDisabled={readOnly}
            onChange={(v) => setDraft({ ...draft, appeal_hours: v })} />
          <Checkbox isSelected={draft.four_eyes} isDisabled={readOnly} onChange={(on) => setDraft({ ...draft, four_eyes: on })}>{t.fourEyes}</Checkbox>
          {!readOnly && <div className="form-actions"><Button onPress={() => void save()} isDisabled={busy}>{t.save}</Button></div>}
        </>
      )}
      <h3>{t.agreementTitle}</h3>
      <AgreementText agreement={agreement} />
    </section>
  );
}
