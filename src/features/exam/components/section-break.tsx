// A granted break between sections (issue 18; docs/accessibility.md). The end-of-section screen
// offers it when the accommodation has break minutes; taking it records the break on the server
// and loads the break screen, which has no proctoring around it (the router wraps only the
// section screens): the camera, the checks and every clock stop until the next section starts —
// when the candidate goes on, or by itself when the break is over. The server starts that section's
// clock no later than the break's end (services/exam/breaks.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { breakMinutesOf, nextSection, type BreakAfterSection, type TimeAccommodation } from '../../../../contracts/facts/index.ts';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { loadAppPage } from '../../../lib/use-route-focus.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { fetchBreak, startBreak, type LoadedBreak } from '../api/break-api.ts';
import { messageOf } from '../section-run/server-messages.ts';
import { LoadErrorView, LoadingView, useCountdown } from './exam-chrome.tsx';
import { SectionTimer } from './section-timer.tsx';
import './exam.css';

const a = messages.accommodation;

export interface BreakOffer {
  minutes: number;
  /** The candidate asked for the break (the end-of-section countdown stops meanwhile). */
  busy: boolean;
  error: string | null;
  take: () => void;
}

/** The break the accommodation grants after `after`; taking it loads the break screen. */
export function useBreakOffer(orderId: string, after: BreakAfterSection, accommodation: TimeAccommodation | null | undefined,
  exit: (to: string, o: { reload: boolean }) => void): BreakOffer {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = useCallback(() => {
    setBusy(true);
    setError(null);
    startBreak(orderId, after).then(() => exit(paths.breakFor(orderId), { reload: true }), (err: unknown) => {
      setError(messageOf(err));
      setBusy(false);
    });
  }, [after, exit, orderId]);
  return { minutes: breakMinutesOf(accommodation), busy, error, take };
}

/** 'Istirahat (maks. N menit)' on the end-of-section screen; nothing without break minutes. */
export function BreakOfferView({ offer }: { offer: BreakOffer }) {
  if (offer.minutes <= 0) return null;
  return (
    <>
      <p>{a.breakOffer(offer.minutes)}</p>
      <Button variant="secondary" isPending={offer.busy} onPress={offer.take}>{a.takeBreak(offer.minutes)}</Button>
      {offer.error && <Alert tone="error">{offer.error}</Alert>}
    </>
  );
}

/** Where the candidate goes after the break: the section after it (the server ends the break when it starts). */
function afterBreakPath(orderId: string, loaded: LoadedBreak): string {
  const { current, breaks } = loaded.state;
  const after = current?.after_section ?? breaks.at(-1)?.after_section;
  const section = after ? nextSection(after) : null;
  return section ? paths.section(orderId, section) : paths.epot;
}

/** The break screen (/epot/:id/break): what comes next, the time left (silent unless asked), go on. */
export function BreakPage() {
  const { id = '' } = useParams();
  useDocumentTitle(a.breakTitle);
  const [loaded, setLoaded] = useState<LoadedBreak | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    fetchBreak(id).then(setLoaded, (err: unknown) => setError(messageOf(err)));
  }, [id]);
  useEffect(load, [load]);
  const current = loaded?.state.current ?? null;
  // Seconds left when the state arrived, from the server's clock; the countdown runs from there.
  const initial = useMemo(() => (loaded?.state.current
    ? Math.max(0, Math.ceil((Date.parse(loaded.state.current.ends_at) - (Date.now() + loaded.offsetMs)) / 1000)) : 0), [loaded]);
  const goOn = useCallback(() => { if (loaded) loadAppPage(afterBreakPath(id, loaded)); }, [id, loaded]);
  const remaining = useCountdown(initial, current !== null, goOn);
  // No break in progress (it ended, or a reload after the next section started): straight on.
  useEffect(() => { if (loaded && !loaded.state.current) goOn(); }, [goOn, loaded]);

  if (error) return <LoadErrorView title={a.breakTitle} message={error} onRetry={load} />;
  if (!current) return <LoadingView title={a.breakTitle} />;
  const next = messages.exam.announcement[nextSection(current.after_section) as 'structure' | 'reading'];
  return (
    <section className="exam-fullscreen break-screen" aria-labelledby="break-title" data-testid="break-screen">
      <h1 id="break-title">{a.breakTitle}</h1>
      <p className="exam-next-name">{a.breakNext(next.label, next.name)}</p>
      <p>{a.breakBody}</p>
      <SectionTimer remainingSeconds={remaining} label={a.breakRemaining} thresholds={false} onDemand={a.breakTimeLeft} />
      <p className="field-help">{a.breakAuto}</p>
      <Button onPress={goOn}>{a.endBreak}</Button>
    </section>
  );
}
