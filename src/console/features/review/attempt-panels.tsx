// The attempt's summary, risk reasons, appeal and decision history (the review screen's panels).
import type { AttemptTimeline } from '../../../../contracts/admin-review.ts';
import { DECISION_LABELS } from '../../../../contracts/facts/review-texts.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { formatScore, formatWibDateTime } from '../../lib/format.ts';
import { disqualifiedReasonText } from './timeline-text.ts';

const t = staffReviewMessages.attempt;
const num = new Intl.NumberFormat('id-ID');

export function AttemptSummary({ data }: { data: AttemptTimeline }) {
  const o = data.order;
  const a = o.time_accommodation;
  return (
    <section className="staff-panel" aria-labelledby="summary-title">
      <h2 id="summary-title">{t.summary}</h2>
      <dl className="kv" data-testid="attempt-summary">
        <dt>{t.orderNo}</dt><dd>{o.order_no}</dd>
        <dt>{t.email}</dt><dd>{o.email}</dd>
        {o.institution_name && <><dt>{t.institution}</dt><dd>{o.institution_name}</dd></>}
        <dt>{t.status}</dt><dd data-testid="attempt-status">{o.status_label}</dd>
        <dt>{t.started}</dt><dd>{formatWibDateTime(o.started_at)}</dd>
        <dt>{t.finished}</dt><dd>{formatWibDateTime(o.completed_at ?? o.disqualified_at)}</dd>
        {o.disqualified_reason && <><dt>{t.reason}</dt><dd data-testid="attempt-reason" title={t.reasonCode(o.disqualified_reason)}>{disqualifiedReasonText(o.disqualified_reason)}</dd></>}
        <dt>{t.accommodation}</dt><dd>{a ? t.accommodationValue(num.format(a.factor), a.extra_minutes) : t.noAccommodation}</dd>
        <dt>{t.counters}</dt><dd>{t.countersValue(o.counters.open_new_tab, o.counters.face, o.counters.speech)}</dd>
        <dt>{t.scores}</dt>
        <dd data-testid="attempt-scores">{t.scoreValue(formatScore(o.scores.listening), formatScore(o.scores.structure), formatScore(o.scores.reading), formatScore(o.scores.total))}</dd>
        <dt>{t.certificate}</dt>
        <dd data-testid="attempt-certificate">{data.certificate ? t.certificateValue(data.certificate.number, t.certificateStatus[data.certificate.status]) : t.noCertificate}</dd>
      </dl>
    </section>
  );
}

export function RiskPanel({ risk }: { risk: NonNullable<AttemptTimeline['risk']> }) {
  return (
    <section className="staff-panel" aria-labelledby="risk-title">
      <h2 id="risk-title">{t.riskTitle}</h2>
      <p data-testid="risk-value"><strong>{t.riskValue(risk.score, risk.threshold)}</strong></p>
      {risk.reasons.length === 0 ? <p className="muted">{t.riskNone}</p> : (
        <ul data-testid="risk-reasons">
          {risk.reasons.map((r) => <li key={`${r.code}-${r.text}`}>{r.text} <span className="muted">({t.riskPoints(r.points)})</span></li>)}
        </ul>
      )}
    </section>
  );
}

export function AppealPanel({ appeal }: { appeal: NonNullable<AttemptTimeline['appeal']> }) {
  return (
    <section className="staff-panel" aria-labelledby="appeal-title" data-testid="appeal-panel">
      <h2 id="appeal-title">{t.appealTitle}</h2>
      <p><strong>{t.appealStatus[appeal.status]}</strong> · {t.appealSent} {formatWibDateTime(appeal.created_at)}</p>
      <blockquote className="review-appeal-text">{appeal.text}</blockquote>
      {appeal.outcome && <p>{t.appealOutcome[appeal.outcome]}{appeal.answer_note ? `: ${appeal.answer_note}` : ''}</p>}
    </section>
  );
}

export function HistoryPanel({ review }: { review: NonNullable<AttemptTimeline['review']> }) {
  return (
    <section className="staff-panel" aria-labelledby="history-title">
      <h2 id="history-title">{t.historyTitle}</h2>
      {review.history.length === 0 ? <p className="muted">{t.historyEmpty}</p> : (
        <ol data-testid="decision-history">
          {review.history.map((h) => (
            <li key={h.id}>
              <p>{t.historyItem(DECISION_LABELS[h.decision], h.staff_email, t.historyStatus[h.status])} · {formatWibDateTime(h.created_at)}</p>
              <p className="muted">{h.note}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
