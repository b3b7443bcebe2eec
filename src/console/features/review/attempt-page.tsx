// One attempt's review (/admin/attempts/:orderId): the summary with the time accommodation, the risk
// score and its reasons, the appeal, the decision form and history, and the evidence timeline with
// its photos. A decision reloads the attempt, so what it did (score, certificate) shows at once.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { getAttempt, type AttemptTimeline } from './api/review-api.ts';
import { staffAtom } from '../../lib/staff-session.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { AppealPanel, AttemptSummary, HistoryPanel, RiskPanel } from './attempt-panels.tsx';
import { DecisionForm } from './decision-form.tsx';
import { TimelineList } from './timeline-list.tsx';

const t = staffReviewMessages.attempt;

export function AttemptPage() {
  const { orderId = '' } = useParams();
  const staff = useAtomValue(staffAtom);
  const [data, setData] = useState<AttemptTimeline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useStaffTitle(t.title(data?.order.member_name || data?.order.email || ''));

  useEffect(() => {
    let live = true;
    getAttempt(orderId).then((d) => { if (live) { setData(d); setError(null); } }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [orderId, round]);

  const decided = useCallback((message: string) => { setNotice(message); setRound((r) => r + 1); }, []);

  return (
    <section className="stack" aria-labelledby="attempt-title">
      <Link href={staffPaths.reviews}>{t.back}</Link>
      <h1 id="attempt-title">{t.title(data?.order.member_name || data?.order.email || '…')}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {data && (
        <>
          <div className="review-grid">
            <AttemptSummary data={data} />
            {data.risk && <RiskPanel risk={data.risk} />}
          </div>
          {data.appeal && <AppealPanel appeal={data.appeal} />}
          {data.review ? (
            <div className="review-grid">
              <DecisionForm orderId={data.order.id} review={data.review} appealOpen={data.appeal?.status === 'open'} staffEmail={staff?.email ?? ''} onDecided={decided} />
              <HistoryPanel review={data.review} />
            </div>
          ) : <p className="staff-note" role="note">{t.notFinished}</p>}
          <section aria-labelledby="timeline-title" className="stack">
            <h2 id="timeline-title">{t.timelineTitle}</h2>
            <p className="muted">{t.photoTtl(Math.round(data.photo_url_ttl_seconds / 60))}</p>
            <TimelineList entries={data.entries} />
          </section>
        </>
      )}
    </section>
  );
}
