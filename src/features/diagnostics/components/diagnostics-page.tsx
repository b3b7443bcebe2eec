import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { formatClock } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { startExamClock, stopExamClock } from '../../../workers/exam-clock.ts';
import { examClockAtom } from '../../../workers/exam-clock-atoms.ts';
import { getHealth, getServerClock } from '../api/get-server-status.ts';

const t = messages.diagnostics;
const CLOCK_TEST_SECONDS = 90;

function capabilities(): [string, boolean][] {
  return [
    ['Web Worker', typeof Worker !== 'undefined'],
    ['OffscreenCanvas', typeof OffscreenCanvas !== 'undefined'],
    ['WebAssembly', typeof WebAssembly !== 'undefined'],
    ['Cross-origin isolated', globalThis.crossOriginIsolated === true],
    ['MediaStreamTrackProcessor', 'MediaStreamTrackProcessor' in globalThis],
    ['Kamera (getUserMedia)', Boolean(navigator.mediaDevices?.getUserMedia)],
  ];
}

/** Support page: server and database status, browser capabilities, and an exam-clock check. */
export function DiagnosticsPage() {
  useDocumentTitle(t.title);
  const [health, setHealth] = useState<Awaited<ReturnType<typeof getHealth>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clock = useAtomValue(examClockAtom);

  useEffect(() => {
    getHealth().then(setHealth, (e: Error) => setError(e.message));
    return () => stopExamClock();
  }, []);

  async function startClockCheck() {
    setError(null);
    try {
      const { serverNowMs, offsetMs } = await getServerClock();
      await startExamClock({ deadlineMs: serverNowMs + CLOCK_TEST_SECONDS * 1000, offsetMs });
    } catch (e) {
      setError(e instanceof Error ? e.message : messages.app.genericError);
    }
  }

  return (
    <main className="page-center">
      <section className="card card-wide" aria-labelledby="diag-title">
        <h1 id="diag-title">{t.title}</h1>
        {error && <Alert tone="error">{error}</Alert>}
        <h2>{t.server}</h2>
        <dl className="kv" data-testid="health">
          <dt>{t.database}</dt>
          <dd data-testid="db-kind">{health?.database ?? '…'}</dd>
          <dt>{t.migration}</dt>
          <dd>{health?.migration_version ?? '…'}</dd>
        </dl>
        <h2>{t.capabilities}</h2>
        <dl className="kv">
          {capabilities().map(([name, ok]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{name}</dt>
              <dd>{ok ? t.yes : t.no}</dd>
            </div>
          ))}
        </dl>
        <h2>{t.clock}</h2>
        <p className="field-help">{t.clockHelp}</p>
        <p>
          {t.remaining}:{' '}
          <span className="clock" role="timer" aria-live="off" data-testid="clock">
            {clock.expired ? t.expired : clock.remainingSeconds === null ? '--:--:--' : formatClock(clock.remainingSeconds)}
          </span>
        </p>
        {clock.error && <Alert tone="error">{clock.error}</Alert>}
        <Button onPress={() => void startClockCheck()}>{t.start}</Button>
      </section>
    </main>
  );
}
