import { useState } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import type { Device } from '../device-check-machine.ts';

const t = messages.deviceCheck;
const TITLE: Record<Device, string> = { audio: t.audioDialog, camera: messages.camera.dialog, microphone: messages.camera.micDialog };

/** What failed, in the candidate's words, from the problem code the machine reports. */
export function problemText(problem: string): string {
  const code = problem.split(';')[0]!;
  switch (code) {
    case 'permission-denied':
    case 'microphone-denied': return messages.camera.checkPermission;
    case 'camera-not-found':
    case 'camera-error':
    case 'camera-ended': return messages.camera.connectFailed;
    case 'no-face':
    case 'no-verdict': return messages.camera.noFace;
    case 'multi-face': return messages.camera.multiFace;
    case 'face-violations': return t.faceUnstable;
    case 'unavailable': return messages.camera.unstable;
    case 'no-speech': return t.noSpeech;
    case 'speech-unsupported': return messages.speech.unsupported;
    case 'play-failed': return t.sampleFailed;
    default: return problem;
  }
}

interface Props {
  dialog: { device: Device; problem: string } | null;
  onPostpone: () => void;
  /** Records the report on the server; the dialog closes when the caller moves on. */
  onContinue: () => Promise<void>;
}

/** Spec 13: postpone the test (back to /epot) or continue anyway, which is noted on the order. */
export function DeviceDialog({ dialog, onPostpone, onContinue }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function proceed() {
    setBusy(true);
    setError(null);
    try {
      await onContinue();
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={dialog ? TITLE[dialog.device] : ''} isOpen={dialog !== null} role="alertdialog">
      {dialog && <p>{problemText(dialog.problem)}</p>}
      <p>{t.dialogBody}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onPostpone} isDisabled={busy}>{t.postpone}</Button>
        <Button onPress={() => void proceed()} isDisabled={busy}>{t.continueAnyway}</Button>
      </div>
    </ModalDialog>
  );
}
