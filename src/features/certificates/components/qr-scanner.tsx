// "Pindai QR" on /verify (issue 28): the camera reads a certificate's QR and the page verifies its
// credential offline. BarcodeDetector where the browser has it; elsewhere frames go to the
// qr-decoder worker. A frame is read only when the previous one is done (a busy decoder drops frames).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { parseVerifyUrl } from '../../../../contracts/credential.ts';
import { messages } from '../../../i18n/messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { decodeVideoFrame, stopQrDecoder } from '../../../workers/qr-decoder.ts';

const t = messages.verify.scan;
const INTERVAL_MS = 250;

interface Detector { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }

function nativeDetector(): Detector | null {
  const Native = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
  return Native ? new Native({ formats: ['qr_code'] }) : null;
}

function Scanner({ onText }: { onText: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = nativeDetector();
    const read = async (v: HTMLVideoElement): Promise<string | null> => {
      if (detector) {
        try {
          return (await detector.detect(v))[0]?.rawValue ?? null;
        } catch {
          // An unsupported format or a detector that failed: fall back to the worker.
        }
      }
      return decodeVideoFrame(v, abort.signal);
    };
    const tick = async () => {
      const v = video.current;
      if (abort.signal.aborted || !v) return;
      const text = v.readyState >= 2 ? await read(v).catch(() => null) : null;
      if (abort.signal.aborted) return;
      if (text && parseVerifyUrl(text)) onText(text);
      else timer = setTimeout(() => void tick(), INTERVAL_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false }).then((s) => {
      if (abort.signal.aborted) { s.getTracks().forEach((tr) => tr.stop()); return; }
      stream = s;
      const v = video.current!;
      v.srcObject = s;
      void v.play().then(() => void tick(), () => void tick());
    }, () => setError(t.cameraError));
    return () => {
      abort.abort();
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
      stopQrDecoder();
    };
  }, [onText]);
  return (
    <div className="stack" data-testid="qr-scanner">
      {error ? <Alert tone="error">{error}</Alert> : <p role="status">{t.hint}</p>}
      <video ref={video} className="qr-scanner-video" muted playsInline aria-label={t.videoLabel} />
    </div>
  );
}

/** The scan toggle and, when on, the camera; a QR that is ours opens its verification. */
export function QrScan() {
  const [on, setOn] = useState(false);
  const navigate = useNavigate();
  const onText = useRef((text: string) => {
    const parsed = parseVerifyUrl(text);
    if (!parsed) return;
    setOn(false);
    void navigate(`/verify/${encodeURIComponent(parsed.number)}${parsed.jws ? `#${parsed.jws}` : ''}`);
  }).current;
  return (
    <div className="stack">
      <Button variant="secondary" onPress={() => setOn((v) => !v)} aria-expanded={on}>{on ? t.stop : t.start}</Button>
      {on && <Scanner onText={onText} />}
    </div>
  );
}
