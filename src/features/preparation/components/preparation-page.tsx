// Preparation ('Perhatian', spec screen 11 and section 4): the rules, the tutorial video when the
// institution's checks call for it, the terms checkbox and, separately, the biometric consent (and
// the cloud-speech one where the institution offers it, issue 19); the consents are recorded on the
// server (who, when, which versions, which checks) before the device check may use the camera.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { breakMinutesOf, hasExtraTime, isNoAccommodation, type TimeAccommodation } from '../../../../contracts/facts/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import {
  faceCountAtom, institutionAtom, licenceAtom, openTabCountAtom, speechCountAtom, useFaceDetectionAtom,
  useSpeechDetectionAtom,
} from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { setCloudSpeechAllowed } from '../../../sensors/speech-detection.ts';
import { postConsent } from '../api/preparation-api.ts';
import { ConsentChecks, useConsentQuestions, type ConsentChoice } from './consent-checks.tsx';
import { activeChecks, failingKinds, isInstitution, needsTutorial, type StoredInstitution } from '../proctoring-rules.ts';
import { TutorialDialog } from './tutorial-dialog.tsx';
import '../preparation.css';

const t = messages.preparation;

/** Spec 4: on entry the three violation counters go back to 0 and the use flags to false. */
function useResetCounters() {
  const setOpenTab = useSetAtom(openTabCountAtom);
  const setFace = useSetAtom(faceCountAtom);
  const setSpeech = useSetAtom(speechCountAtom);
  const setUseFace = useSetAtom(useFaceDetectionAtom);
  const setUseSpeech = useSetAtom(useSpeechDetectionAtom);
  useEffect(() => {
    setOpenTab(0);
    setFace(0);
    setSpeech(0);
    setUseFace(false);
    setUseSpeech(false);
  }, [setOpenTab, setFace, setSpeech, setUseFace, setUseSpeech]);
}

export function PreparationPage() {
  useDocumentTitle(t.title);
  useResetCounters();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const licence = useAtomValue(licenceAtom);
  const institution = useAtomValue(institutionAtom);
  const navigate = useNavigate();
  const tutorialRequired = needsTutorial(institution);
  const [tutorialOpen, setTutorialOpen] = useState(tutorialRequired);
  const [agreed, setAgreed] = useState(false);
  const [consent, setConsent] = useState<ConsentChoice>({ biometric: false, cloudSpeech: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checks = activeChecks(institution);
  const questions = useConsentQuestions(id, checks.photos || checks.face);

  // The licence is stored by 'Mulai test EPOT' on the list; a stale or hand-typed id goes back there.
  if (!id || licence?.id !== id) {
    return (
      <section className="card card-wide" aria-labelledby="prep-title">
        <h1 id="prep-title">{t.title}</h1>
        <Alert tone="error">{t.noLicence}</Alert>
        <Link href={paths.epot}>{t.backToList}</Link>
      </section>
    );
  }

  const checkItems = (['photos', 'face', 'voice', 'new_tab'] as const).filter((k) => checks[k]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const allowed = await postConsent(id, { biometric: questions.biometric_required && consent.biometric, cloudSpeech: questions.cloud_speech_offered && consent.cloudSpeech });
      // The device check and the sections use cloud recognition only with both yeses (re-read at each section).
      setCloudSpeechAllowed(allowed.cloud_speech);
      void navigate(paths.specificationFor(id));
    } catch (err) {
      setError(apiErrorText(err));
      setBusy(false);
    }
  }

  return (
    <section className="card card-wide preparation" aria-labelledby="prep-title">
      <h1 id="prep-title">{t.title}</h1>
      <p>{t.intro}</p>
      <h2>{t.rulesTitle}</h2>
      <ol className="rules">{t.rules.map((r) => <li key={r}>{r}</li>)}</ol>

      <h2>{t.checksTitle}</h2>
      {checkItems.length
        ? <ul className="rules">{checkItems.map((k) => <li key={k}>{t.checks[k]}</li>)}</ul>
        : <p>{t.checks.none}</p>}

      {!isNoAccommodation(licence.time_accommodation) && <ExtraTime accommodation={licence.time_accommodation!} />}

      <Consequences institution={institution} />
      <p className="field-help">{t.privacy}</p>

      {!tutorialRequired && (
        <p><Button variant="secondary" onPress={() => setTutorialOpen(true)}>{t.watchVideo}</Button></p>
      )}
      <Checkbox isSelected={agreed} onChange={setAgreed}>{t.terms}</Checkbox>
      <ConsentChecks biometricRequired={questions.biometric_required} cloudOffered={questions.cloud_speech_offered} value={consent} onChange={setConsent} />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="page-actions">
        <Button onPress={() => void start()} isDisabled={!agreed || (questions.biometric_required && !consent.biometric) || busy || tutorialOpen}>{t.start}</Button>
      </div>
      <TutorialDialog isOpen={tutorialOpen} required={tutorialRequired} onDone={() => setTutorialOpen(false)} />
    </section>
  );
}

/** What a violation leads to: individuals are warned; an institution's rules may end the test. */
function Consequences({ institution }: { institution: StoredInstitution }) {
  const failing = failingKinds(institution);
  return (
    <>
      <h2>{t.consequencesTitle}</h2>
      {isInstitution(institution)
        ? (
          <>
            <p>{t.consequenceInstitution}</p>
            {failing.length > 0 && <p>{t.failedInstitution(failing.map((k) => t.failedKinds[k]).join(', '))}</p>}
          </>
        )
        : <p>{t.consequenceIndividual}</p>}
    </>
  );
}

/** The extra time and break granted before the test (issue 18): the deadlines of every section include it. */
function ExtraTime({ accommodation }: { accommodation: TimeAccommodation }) {
  const a = messages.accommodation;
  const breakMinutes = breakMinutesOf(accommodation);
  return (
    <>
      <h2>{a.preparationTitle}</h2>
      {hasExtraTime(accommodation) && <p data-testid="extra-time">{a.preparation(a.describe(accommodation.factor, accommodation.extra_minutes))}</p>}
      {breakMinutes > 0 && <p data-testid="break-time">{a.preparationBreak(breakMinutes)}</p>}
    </>
  );
}
