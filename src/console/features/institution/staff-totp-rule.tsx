// Whether the institution's admins and proctors must use two-factor login (audited on the server).
// Turned on, the signed-in admin may be one of them: the session is re-read, and the guard then
// holds them on the security page until they enrol, as it does for operators.
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { staffAccountMessages } from '../../../i18n/staff-account-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { staffMe } from '../../lib/api/session-api.ts';
import { setStaffTotpRule } from '../../lib/api/staff-accounts-api.ts';
import { staffSessionAtom } from '../../lib/staff-session.ts';

const t = staffAccountMessages.totpRule;

export function StaffTotpRule({ institutionId, required, readOnly }: { institutionId: string; required: boolean; readOnly: boolean }) {
  const setSession = useSetAtom(staffSessionAtom);
  const [on, setOn] = useState(required);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function change(next: boolean) {
    setBusy(true);
    try {
      const text = await setStaffTotpRule(institutionId, next);
      setOn(next);
      setNotice({ tone: 'success', text });
      const staff = await staffMe();
      setSession((s) => (s ? { ...s, staff } : s));
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack staff-panel" aria-labelledby="staff-totp-title">
      <h2 id="staff-totp-title">{t.title}</h2>
      <p className="muted">{t.hint}</p>
      {readOnly
        ? <p>{on ? t.readOnlyOn : t.readOnlyOff}</p>
        : <Checkbox isSelected={on} isDisabled={busy} onChange={(v) => void change(v)}>{t.switch}</Checkbox>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </section>
  );
}
