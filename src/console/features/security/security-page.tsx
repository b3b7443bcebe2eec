// Account security: two-factor login (required before anything else for operators, and for the
// staff of an institution that requires it) and
// "Keluar dari semua perangkat", which revokes every token of the account.
import { useAtom, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useState } from 'react';
import { staffAccountMessages } from '../../../i18n/staff-account-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { logoutEverywhere } from '../../lib/api/session-api.ts';
import { errorText } from '../../lib/api/error-text.ts';
import { mustEnrolTotp, staffNoticeAtom, staffSessionAtom } from '../../lib/staff-session.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

const t = staffMessages.security;

export function SecurityPage() {
  useStaffTitle(t.title);
  const [session, setSession] = useAtom(staffSessionAtom);
  const setNotice = useSetAtom(staffNoticeAtom);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const { staff } = session;

  async function everywhere() {
    setBusy(true);
    try {
      const message = await logoutEverywhere();
      setNotice({ tone: 'success', text: message });
      setSession(RESET);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <section className="stack" aria-labelledby="security-title">
      <h1 id="security-title">{t.title}</h1>
      <section className="stack" aria-labelledby="totp-title">
        <h2 id="totp-title">{t.totpTitle}</h2>
        {mustEnrolTotp(staff) && <Alert tone="error">{t.operatorMustEnrol}</Alert>}
        {mustEnrolTotp(staff) && staff.role !== 'operator' && <p>{staffAccountMessages.totpRule.institutionMustEnrol}</p>}
        {staff.totp_enabled ? <p role="status">{t.totpOn}</p> : (
          <>
            <p>{t.totpOff}</p>
            <TotpEnrolment onEnrolled={() => setSession((s) => (s ? { ...s, staff: { ...s.staff, totp_enabled: true, totp_required: false } } : s))} />
          </>
        )}
      </section>
      <section className="stack" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t.logoutTitle}</h2>
        <p>{t.logoutBody}</p>
        {error && <Alert tone="error">{error}</Alert>}
        <Button variant="secondary" onPress={() => void everywhere()} isDisabled={busy}>{t.logoutEverywhere}</Button>
      </section>
    </section>
  );
}
