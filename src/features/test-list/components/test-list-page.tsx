// Test list (spec screen 9, sections 4, 7, 8, 9): licence redemption with the survey, one panel per
// purchase, the company's maintenance and announcement dialogs, and the start of a test.
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CompanyDetail, OrderListItem, SurveyMeta } from '../../../../contracts/orders.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { institutionAtom, licenceAtom, userAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Snackbar, type SnackbarMessage } from '../../../ui/snackbar.tsx';
import { getCompany, getInstitution, listOrders, redeemLicence, type OrderPage } from '../api/test-list-api.ts';
import { panelNumber } from '../order-status.ts';
import { CompanyDialogs } from './company-dialogs.tsx';
import { OrderPanel } from './order-panel.tsx';
import { RedeemForm } from './redeem-form.tsx';
import { SurveyDialog } from './survey-dialog.tsx';
import '../test-list.css';

const t = messages.licence;
/** Spec 9: the list is refreshed 1 second after a successful redeem. */
export const REFRESH_DELAY_MS = 1_000;

type Notice = { tone: 'success' | 'error'; text: string };

export function TestListPage() {
  useDocumentTitle(messages.menu.epot);
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const setLicence = useSetAtom(licenceAtom);
  const setInstitution = useSetAtom(institutionAtom);

  const [orders, setOrders] = useState<OrderListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loadedPage, setLoadedPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [company, setCompany] = useState<CompanyDetail | null>(null);
  const [code, setCode] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const snackId = useRef(0);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);

  const toast = useCallback((tone: Notice['tone'], text: string) => {
    setNotice({ tone, text });
    setSnack({ id: ++snackId.current, tone, text });
  }, []);

  /** Page 1 again (after a redeem) or the next page (more than 20 purchases). */
  const load = useCallback(async (page: number) => {
    setLoading(true);
    try {
      const res: OrderPage = await listOrders(page);
      if (!live.current) return;
      setOrders((prev) => (page === 1 ? res.list : [...prev, ...res.list]));
      setTotal(res.total);
      setLoadedPage(page);
    } catch (err) {
      if (live.current) setNotice({ tone: 'error', text: apiErrorText(err) });
    } finally {
      if (live.current) setLoading(false);
    }
  }, []);

  useEffect(() => { void load(1); }, [load]);

  const companyId = user?.company.id ?? '';
  useEffect(() => {
    if (!companyId) return;
    let on = true;
    // Spec 8 lists no message for this call: without the company the page simply shows no dialog.
    getCompany(companyId).then((c) => { if (on) setCompany(c); }, (err: unknown) => console.warn('company detail', err));
    return () => { on = false; };
  }, [companyId]);

  // Spec 9: refresh the list 1 second after a redeem.
  const [refreshAt, setRefreshAt] = useState(0);
  useEffect(() => {
    if (!refreshAt) return;
    const id = setTimeout(() => void load(1), REFRESH_DELAY_MS);
    return () => clearTimeout(id);
  }, [refreshAt, load]);

  async function redeem(meta: SurveyMeta) {
    setRedeeming(true);
    try {
      await redeemLicence(code.trim(), meta);
      toast('success', t.redeemed);
      setCode('');
      setFormKey((k) => k + 1);
      setRefreshAt(Date.now());
    } catch (err) {
      // Spec 8: the server's message, else the default text.
      toast('error', err instanceof ApiError && !err.isNetworkError && err.message ? err.message : t.redeemFailed);
    } finally {
      setRedeeming(false);
      setSurveyOpen(false);
    }
  }

  /**
   * Spec 4: store the licence, then the institution (an empty object for individual purchases), then
   * preparation. The order decides: a member may also redeem an individual code, which the server
   * proctors as an individual test.
   */
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
          <OrderPanel key={o.id} order={o} number={panelNumber(total, i)} starting={starting} onStart={(x) => void start(x)} />
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
