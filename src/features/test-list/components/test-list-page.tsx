// Test list (spec screen 9, sections 4, 7, 8, 9): licence redemption with the survey, one panel per
// purchase, the company's maintenance and announcement dialogs, and the start of a test.
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderListItem, SurveyMeta } from '../../../../contracts/orders.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { institutionAtom, licenceAtom, userAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Snackbar, type SnackbarMessage } from '../../../ui/snackbar.tsx';
import { getInstitution, redeemLicence } from '../api/test-list-api.ts';
import { panelNumber } from '../order-status.ts';
import { useAppeals, useCompany, useOrderList, useSessionNotice } from '../use-order-list.ts';
import { CompanyDialogs } from './company-dialogs.tsx';
import { OrderPanel } from './order-panel.tsx';
import { RedeemForm } from './redeem-form.tsx';
import { SurveyDialog } from './survey-dialog.tsx';
import '../test-list.css';

const t = messages.licence;

type Notice = { tone: 'success' | 'error'; text: string };

export function TestListPage() {
  useDocumentTitle(messages.menu.epot);
  const user = useAtomValue(userAtom);

  const [code, setCode] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const snackId = useRef(0);
  const { orders, total, loadedPage, loading, load, refreshSoon } = useOrderList(setNotice);
  const company = useCompany(user?.company.id ?? '');
  const appeals = useAppeals(orders.length);
  const session = useSessionNotice();

  const toast = useCallback((tone: Notice['tone'], text: string) => {
    setNotice({ tone, text });
    setSnack({ id: ++snackId.current, tone, text });
  }, []);
  const { starting, start } = useStartTest(toast, setNotice);

  async function redeem(meta: SurveyMeta) {
    setRedeeming(true);
    try {
      await redeemLicence(code.trim(), meta);
      toast('success', t.redeemed);
      setCode('');
      setFormKey((k) => k + 1);
      refreshSoon();
    } catch (err) {
      // Spec 8: the server's message, else the default text.
      toast('error', err instanceof ApiError && !err.isNetworkError && err.message ? err.message : t.redeemFailed);
    } finally {
      setRedeeming(false);
      setSurveyOpen(false);
    }
  }

  return (
    <section className="card card-wide test-list" aria-labelledby="epot-title">
      <h1 id="epot-title">{messages.menu.epot}</h1>
      <RedeemForm key={formKey} code={code} onCodeChange={(v) => { setCode(v); setNotice(null); }}
        onRedeem={() => { setNotice(null); setSurveyOpen(true); }} isDisabled={redeeming} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <h2>{t.listTitle}</h2>
      {loading && orders.length === 0 && <p role="status">{messages.app.loading}</p>}
      {!loading && orders.length === 0 && <p>{t.empty}</p>}
      <div className="order-list">
        {orders.map((o, i) => (
          <OrderPanel key={o.id} order={o} number={panelNumber(total, i)} starting={starting} onStart={(x) => void start(x)} appeal={appeals.get(o.id)} session={session} />
        ))}
      </div>
      {orders.length < total && (
        <Button variant="secondary" onPress={() => void load(loadedPage + 1)} isDisabled={loading}>{t.loadMore}</Button>
      )}

      <SurveyDialog isOpen={surveyOpen} busy={redeeming} onSubmit={(meta) => void redeem(meta)} onClose={() => setSurveyOpen(false)} />
      <CompanyDialogs company={company} />
      <Snackbar message={snack} onDismiss={() => setSnack(null)} />
    </section>
  );
}

/**
 * Spec 4: store the licence, then the institution (an empty object for individual purchases), then
 * preparation. The order decides: a member may also redeem an individual code, which the server
 * proctors as an individual test.
 */
function useStartTest(toast: (tone: 'error', text: string) => void, setNotice: (notice: null) => void) {
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const setLicence = useSetAtom(licenceAtom);
  const setInstitution = useSetAtom(institutionAtom);
  const [starting, setStarting] = useState(false);

  async function start(order: OrderListItem) {
    setStarting(true);
    setNotice(null);
    try {
      setLicence(order);
      const institutionId = user?.institusion.id ?? '';
      setInstitution(order.is_b2b && institutionId ? await getInstitution(institutionId) : {});
      void navigate(paths.preparationFor(order.id));
    } catch (err) {
      toast('error', apiErrorText(err));
      setStarting(false);
    }
  }
  return { starting, start };
}
