// The preparation page's consents (issue 19; UU PDP art. 22: a consent for another purpose is asked
// separately from the rest): the camera and face photos, shown and required when the test uses the
// camera, and cloud speech recognition, shown (and optional) only when the institution allows it.
import { useEffect, useState } from 'react';
import type { OrderConsentState } from '../../../../contracts/orders.ts';
import { messages } from '../../../i18n/messages.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { getConsentState } from '../api/preparation-api.ts';

const t = messages.preparation;

export interface ConsentChoice { biometric: boolean; cloudSpeech: boolean }

/**
 * What to ask: from the server (it knows the institution's cloud-speech flag); until it answers, or
 * when it cannot, the locally known checks decide the biometric question and cloud is not offered.
 */
export function useConsentQuestions(orderId: string, usesCameraLocally: boolean): Pick<OrderConsentState, 'biometric_required' | 'cloud_speech_offered'> {
  const [state, setState] = useState<OrderConsentState | null>(null);
  useEffect(() => {
    let live = true;
    if (orderId) getConsentState(orderId).then((s) => { if (live) setState(s); }).catch(() => undefined);
    return () => { live = false; };
  }, [orderId]);
  return { biometric_required: state?.biometric_required ?? usesCameraLocally, cloud_speech_offered: state?.cloud_speech_offered ?? false };
}

export function ConsentChecks({ biometricRequired, cloudOffered, value, onChange }: {
  biometricRequired: boolean; cloudOffered: boolean; value: ConsentChoice; onChange: (v: ConsentChoice) => void;
}) {
  return (
    <>
      {biometricRequired && (
        <section aria-labelledby="consent-biometric">
          <h2 id="consent-biometric">{t.biometricTitle}</h2>
          <p>{t.biometricBody}</p>
          <p className="field-help">{t.biometricWithdrawHint}</p>
          <Checkbox isSelected={value.biometric} onChange={(biometric) => onChange({ ...value, biometric })}>{t.biometricConsent}</Checkbox>
        </section>
      )}
      {cloudOffered && (
        <section aria-labelledby="consent-cloud">
          <h2 id="consent-cloud">{t.cloudTitle}</h2>
          <p>{t.cloudBody}</p>
          <Checkbox isSelected={value.cloudSpeech} onChange={(cloudSpeech) => onChange({ ...value, cloudSpeech })}>{t.cloudConsent}</Checkbox>
        </section>
      )}
    </>
  );
}
