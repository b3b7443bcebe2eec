// Proctoring around one section screen (composed by the router, so the exam feature never imports
// this one): starts the section's proctoring run, registers the submission gate, and renders
// the camera preview (in the screen's preview slot), the warning and end dialogs, 'Ambil Gambar',
// the monitoring alert and the 'tidak stabil' snackbar.
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { LIVE_MESSAGES } from '../../../../contracts/facts/index.ts';
import type { MemberNotice } from '../../../../contracts/proctoring.ts';
import { messages } from '../../../i18n/messages.ts';
import { cameraPreviewSlotAtom, submitGateAtom } from '../../../lib/proctoring-seams.ts';
import { faceMonitorStateAtom, faceStillBesideAtom } from '../../../workers/face-detector-atoms.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { proctoringUiAtom } from '../atoms.ts';
import type { RaisedViolation, StopState } from '../atoms.ts';
import { browserDeps } from '../run/browser-deps.ts';
import { createProctoringRun } from '../run/proctoring-run.ts';
import type { ProctoringRun } from '../run/proctoring-run.ts';
import '../../../ui/snackbar.css';
import './proctoring.css';

const v = messages.violation;

export function ProctoredSection({ section, children }: { section: ExamSectionName; children: ReactNode }) {
  const { id = '' } = useParams();
  const store = useStore();
  const [run, setRun] = useState<ProctoringRun | null>(null);

  useEffect(() => {
    const r = createProctoringRun({ store, orderId: id, section, ...browserDeps() });
    setRun(r);
    store.set(submitGateAtom, { gate: () => r.gate() });
    void r.start();
    return () => {
      r.dispose();
      store.set(submitGateAtom, null);
      setRun(null);
    };
  }, [id, section, store]);

  return (
    <>
      {children}
      {run && <ProctoringOverlay run={run} />}
    </>
  );
}

function ProctoringOverlay({ run }: { run: ProctoringRun }) {
  const ui = useAtomValue(proctoringUiAtom);
  return (
    <>
      {ui.checks?.camera && <CameraPreview run={run} />}
      {ui.dialog && <ViolationDialog violation={ui.dialog} onAcknowledge={() => void run.acknowledge()} />}
      {ui.gate && (
        <ModalDialog title={v.photoTitle} role="alertdialog" isOpen>
          <p>{messages.exam.photosMissing}</p>
          {ui.gate.busy && <p role="status">{v.takingPhotos}</p>}
          {ui.gate.error && <Alert tone="error">{ui.gate.error}</Alert>}
          <div className="dialog-actions">
            <Button autoFocus isDisabled={ui.gate.busy} onPress={() => void run.takeMissingPhotos()}>{messages.exam.takePhoto}</Button>
          </div>
        </ModalDialog>
      )}
      {ui.stop && <StopDialog stop={ui.stop} onResend={() => void run.retryStop()} onDone={run.leaveStopped} />}
      {ui.notices.length > 0 && <SessionNotices notices={ui.notices} />}
      {/* Spec 9: the face snackbar stays while the problem lasts. */}
      <div className="snackbar-region" role="status" aria-live="polite">
        {ui.unstable && <div className="snackbar snackbar-error" data-testid="unstable-snackbar"><span>{messages.camera.unstable}</span></div>}
      </div>
    </>
  );
}

/** Test day (issue 30): a proctor's message, extra time or re-entry, as a banner the candidate closes. */
function SessionNotices({ notices }: { notices: MemberNotice[] }) {
  const store = useStore();
  const close = (id: number) => store.set(proctoringUiAtom, (s) => ({ ...s, notices: s.notices.filter((n) => n.id !== id) }));
  return (
    <div className="session-notices" role="status" aria-live="polite" data-testid="session-notices">
      {notices.map((n) => (
        <div key={n.id} className="alert alert-success session-notice">
          <p><strong>{LIVE_MESSAGES.bannerTitle}:</strong> {n.text}</p>
          <Button variant="secondary" onPress={() => close(n.id)}>{messages.snackbar.close}</Button>
        </div>
      ))}
    </div>
  );
}

const TITLES: Record<RaisedViolation['variant'], string> = { tab: v.newTab, 'no-face': v.noFace, 'multi-face': v.multiFace, speech: v.speech };

function ViolationDialog({ violation, onAcknowledge }: { violation: RaisedViolation; onAcknowledge: () => void }) {
  return (
    <ModalDialog title={TITLES[violation.variant]} role="alertdialog" isOpen>
      <p>{v.body[violation.variant]}</p>
      {violation.variant === 'speech' && violation.text && <p className="proctoring-heard">{v.heard(violation.text)}</p>}
      <p data-testid="violation-count">{v.count(violation.count)}</p>
      <p>{violation.endsTest ? v.endsTest : v.warningOnly}</p>
      <div className="dialog-actions">
        <Button autoFocus onPress={onAcknowledge}>{v.understood}</Button>
      </div>
    </ModalDialog>
  );
}

function StopDialog({ stop, onResend, onDone }: { stop: StopState; onResend: () => void; onDone: () => void }) {
  return (
    <ModalDialog title={v.cheating} role="alertdialog" isOpen>
      {stop.kind && <p>{v.stoppedBody[stop.kind]}</p>}
      <p>{v.stopped}</p>
      {stop.status === 'posting' && <p role="status">{messages.exam.sending}</p>}
      {stop.status === 'failed' && <Alert tone="error">{stop.message}</Alert>}
      <div className="dialog-actions">
        {stop.status === 'failed'
          ? <Button autoFocus onPress={onResend}>{messages.exam.resend}</Button>
          : <Button autoFocus isDisabled={stop.status !== 'done'} onPress={onDone}>{messages.exam.ok}</Button>}
      </div>
    </ModalDialog>
  );
}

/** The 240x140 preview, in the screen's slot (bottom right) or, while the screen shows none, in its place. */
function CameraPreview({ run }: { run: ProctoringRun }) {
  const slot = useAtomValue(cameraPreviewSlotAtom);
  const box = <PreviewBox run={run} />;
  return slot ? createPortal(box, slot) : <div className="camera-preview-fallback">{box}</div>;
}

function PreviewBox({ run }: { run: ProctoringRun }) {
  const ref = useRef<HTMLDivElement>(null);
  const { problem, waiting } = useAtomValue(proctoringUiAtom);
  // What the detector says, for QA and the e2e (re-renders on a change of state, not per detection).
  const faceState = useAtomValue(faceMonitorStateAtom);
  const stillBeside = useAtomValue(faceStillBesideAtom);
  // The run owns one <video> for the whole section (photos are taken from it): move it here.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.prepend(run.video);
    void run.video.play().catch(() => undefined);
    return () => {
      if (run.video.parentNode === el) el.removeChild(run.video);
    };
  }, [run]);
  const [reconnecting, setReconnecting] = useState(false);
  useEffect(() => setReconnecting(false), [problem]);
  return (
    <div ref={ref} className="proctoring-preview" data-testid="camera-preview" data-face-state={faceState} data-still-beside={stillBeside}
      data-waiting-warnings={waiting}>
      {problem && (
        <div className="proctoring-alert" role="alert" data-testid="monitoring-alert">
          <p>{v.monitoring[problem]}</p>
          <Button variant="secondary" isDisabled={reconnecting} onPress={() => {
            setReconnecting(true);
            void run.reconnectCamera().finally(() => setReconnecting(false));
          }}>{v.reconnect}</Button>
        </div>
      )}
    </div>
  );
}
