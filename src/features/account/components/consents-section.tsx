// The consent ledger on /account (issue 19; UU PDP art. 9): every consent with its version, time and
// withdrawal. The biometric and cloud-speech consents can be withdrawn here after a confirmation that
// says what follows (no camera test until given again on the preparation page; speech on the device).
import { useEffect, useState } from 'react';
import type { WithdrawableConsent } from '../../../../contracts/facts/index.ts';
import type { ConsentLedger } from '../../../../contracts/privacy.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { getConsents, withdrawConsent } from '../api/account-api.ts';
import '../account.css';

const t = messages.privacy;
const WITHDRAWABLE: WithdrawableConsent[] = ['biometric', 'cloud_speech'];

function LedgerTable({ ledger }: { ledger: ConsentLedger }) {
  if (ledger.consents.length === 0) return <p>{t.consentsEmpty}</p>;
  return (
    <div className="consent-table-wrap">
      <table className="consent-table">
        <caption className="visually-hidden">{t.consentsTable}</caption>
        <thead>
          <tr>{[t.columns.kind, t.columns.version, t.columns.order, t.columns.given, t.columns.status].map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {ledger.consents.map((c) => (
            <tr key={c.id}>
              <th scope="row">{t.kinds[c.kind]}</th>
              <td>{c.version}</td>
              <td>{c.order_no}</td>
              <td>{formatDateTime(c.given_at)}</td>
              <td>{c.withdrawn_at ? t.withdrawnAt(formatDateTime(c.withdrawn_at)) : t.active}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ConsentsSection() {
  const [ledger, setLedger] = useState<ConsentLedger | null>(null);
  const [asking, setAsking] = useState<WithdrawableConsent | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    getConsents().then((l) => { if (live) setLedger(l); }).catch((err: unknown) => { if (live) setAlert({ tone: 'error', text: apiErrorText(err) }); });
    return () => { live = false; };
  }, []);

  async function withdraw(kind: WithdrawableConsent) {
    setBusy(true);
    try {
      const res = await withdrawConsent(kind);
      setLedger(res.data);
      setAlert({ tone: 'success', text: res.message });
    } catch (err) {
      setAlert({ tone: 'error', text: apiErrorText(err) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <section aria-labelledby="privacy-consents">
      <h2 id="privacy-consents">{t.consentsTitle}</h2>
      <p>{t.consentsIntro}</p>
      {alert && <Alert tone={alert.tone}>{alert.text}</Alert>}
      {ledger && <LedgerTable ledger={ledger} />}
      <p className="field-help">{t.termsNote}</p>
      {ledger && WITHDRAWABLE.filter((k) => ledger.active[k]).map((k) => (
        <div key={k} className="stack">
          <p>{t.consequence[k]}</p>
          <p><Button variant="secondary" onPress={() => setAsking(k)} isDisabled={busy}>{t.withdraw[k]}</Button></p>
        </div>
      ))}
      <ModalDialog title={t.confirmTitle} role="alertdialog" isOpen={asking !== null} onClose={() => setAsking(null)}>
        {asking && <p>{t.consequence[asking]}</p>}
        <div className="page-actions">
          <Button variant="secondary" onPress={() => setAsking(null)}>{t.cancel}</Button>
          <Button onPress={() => asking && void withdraw(asking)} isDisabled={busy}>{t.confirmWithdraw}</Button>
        </div>
      </ModalDialog>
    </section>
  );
}
