// Spec 2.5: the end page. After 5 seconds it redirects and reloads: institution members to /epot,
// individuals to /reward.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { loadAppPage } from '../../../lib/use-route-focus.ts';
import { messages } from '../../../i18n/messages.ts';
import { clearFinishedAttempt } from '../../../lib/browser-data.ts';
import { licenceAtom, userAtom } from '../../../lib/session.ts';
import { appealableAttempts, attemptOutcome } from '../api/exam-api.ts';
import { stoppedOrderAtom } from '../section-run/server-messages.ts';
import { stopText } from '../stop-cause.ts';
import './exam.css';

export const END_REDIRECT_SECONDS = 5;

/** The stopped attempt to appeal: this one when the server says it can be, else the newest that can. */
function useAppealTarget(stopped: boolean, attempt: string | undefined): string | null {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!stopped) return;
    let live = true;
    appealableAttempts().then((list) => {
      if (live) setTarget((list.find((a) => a.order_id === attempt) ?? list[0])?.order_id ?? null);
    }).catch(() => undefined);
    return () => { live = false; };
  }, [stopped, attempt]);
  return target;
}

/** The server's word on the attempt: why it ended, and whether the certificate waits for a review. */
function useOutcome(attempt: string | undefined) {
  const [outcome, setOutcome] = useState<Awaited<ReturnType<typeof attemptOutcome>> | null>(null);
  useEffect(() => {
    if (!attempt) return;
    let live = true;
    attemptOutcome(attempt).then((o) => { if (live) setOutcome(o); }).catch(() => undefined);
    return () => { live = false; };
  }, [attempt]);
  return outcome;
}

export function EndPage() {
  const [params] = useSearchParams();
  const stopped = params.get('type') === 'gugur';
  const title = stopped ? messages.end.stopped : messages.end.completed;
  useDocumentTitle(title);
  const isB2b = useAtomValue(userAtom)?.is_b2b ?? false;
  const target = isB2b ? paths.epot : paths.reward;
  const [left, setLeft] = useState(END_REDIRECT_SECONDS);
  const attempt = useAtomValue(licenceAtom)?.id;
  const appealTo = useAppealTarget(stopped, attempt);
  const stoppedOrder = useAtomValue(stoppedOrderAtom);
  const outcome = useOutcome((stopped ? stoppedOrder : null) ?? attempt ?? undefined);

  // The attempt is over: its outbox key goes once nothing of it waits (browser-data.ts).
  useEffect(() => {
    if (attempt) void clearFinishedAttempt(attempt).catch(() => undefined);
  }, [attempt]);

  useEffect(() => {
    const end = Date.now() + END_REDIRECT_SECONDS * 1000;
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      // A full load: the test's state (atoms, workers) starts clean on the next page.
      if (s === 0) {
        clearInterval(timer);
        loadAppPage(target);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [target]);

  return (
    <section className="exam-fullscreen" aria-labelledby="end-title">
      <h1 id="end-title">{title}</h1>
      {stopped && <p aria-live="polite">{stopText(outcome?.reason)}</p>}
      {!stopped && outcome?.evidence === 'pending_review' && <p role="note">{messages.certificates.evidence.pending_review}</p>}
      {/* Issue 17: a disqualification can be appealed (also later, from the test list). */}
      {appealTo && <Link href={paths.appeal(appealTo)}>{messages.appeal.link}</Link>}
      <p role="status">{messages.end.redirecting(left)}</p>
    </section>
  );
}
