// Institution settings: the proctoring rules, a live preview of what a candidate will face, and
// the note that a change applies to tests not yet started. Institution staff open their own
// institution; an operator names one (the operator screens with a list come later).
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { InstitutionProctoring } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { getInstitutionSettings, saveInstitutionSettings, type InstitutionSettings } from '../../lib/api/institution-api.ts';
import { errorText } from '../../lib/api/error-text.ts';
import { actingInstitutionAtom, mayChangeInstitution, staffAtom } from '../../lib/staff-session.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { previewText } from './settings-preview.ts';
import { SettingsForm } from './settings-form.tsx';
import { CloudSpeechField } from './cloud-speech-field.tsx';
import { ReviewSettingsPanel } from './review-settings-panel.tsx';
import { RuleSimulator } from './rule-simulator.tsx';
import { StaffTotpRule } from './staff-totp-rule.tsx';

const t = staffMessages.settings;

export function SettingsPage() {
  useStaffTitle(t.title);
  const staff = useAtomValue(staffAtom)!;
  const institutionId = useAtomValue(actingInstitutionAtom);
  const [loaded, setLoaded] = useState<InstitutionSettings | null>(null);
  const [draft, setDraft] = useState<InstitutionProctoring | null>(null);
  const [cloudSpeech, setCloudSpeech] = useState(false);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [threshold, setThreshold] = useState<number | null>(null);
  const onThreshold = useCallback((n: number) => setThreshold(n), []);
  const readOnly = !mayChangeInstitution(staff.role);

  useEffect(() => {
    if (!institutionId) return;
    let live = true;
    setStatus(null);
    getInstitutionSettings(institutionId)
      .then((s) => { if (live) { setLoaded(s); setDraft({ active_camera: s.active_camera, setting: s.setting }); setCloudSpeech(s.cloud_speech); } })
      .catch((err: unknown) => { if (live) { setLoaded(null); setDraft(null); setStatus({ tone: 'error', text: errorText(err) }); } });
    return () => { live = false; };
  }, [institutionId]);

  async function save() {
    if (!institutionId || !draft) return;
    setBusy(true);
    try {
      const { message, data } = await saveInstitutionSettings(institutionId, { ...draft, cloud_speech: cloudSpeech });
      setLoaded(data);
      setStatus({ tone: 'success', text: message });
    } catch (err) {
      setStatus({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack" aria-labelledby="settings-title">
      <h1 id="settings-title">{t.title}{loaded ? `: ${loaded.name}` : ''}</h1>
      <InstitutionPicker />
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {draft && (
        <>
          {readOnly && <p className="muted">{t.readOnly}</p>}
          <SettingsForm value={draft} onChange={(v) => { setDraft(v); setStatus(null); }} readOnly={readOnly} />
          <CloudSpeechField value={cloudSpeech} onChange={(on) => { setCloudSpeech(on); setStatus(null); }} readOnly={readOnly} />
          <section className="staff-preview" aria-labelledby="preview-title">
            <h2 id="preview-title">{t.previewTitle}</h2>
            <p data-testid="settings-preview" aria-live="polite">{previewText(draft)}</p>
          </section>
          <p className="staff-note" role="note">{t.appliesNote}</p>
          {!readOnly && <Button onPress={() => void save()} isDisabled={busy}>{t.save}</Button>}
          {institutionId && <ReviewSettingsPanel institutionId={institutionId} readOnly={readOnly} onThreshold={onThreshold} />}
          {institutionId && <RuleSimulator institutionId={institutionId} rules={draft} threshold={threshold} />}
        </>
      )}
      {loaded && <StaffTotpRule key={loaded.id} institutionId={loaded.id} required={loaded.staff_totp_required} readOnly={readOnly} />}
    </section>
  );
}
