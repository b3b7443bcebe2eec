// The test list's data: the member's purchases, 20 at a time and refreshed after a redeem, and the
// company whose dialogs the page shows.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberSessionNotice } from '../../../contracts/admin-sessions.ts';
import type { AppealSummary } from '../../../contracts/appeals.ts';
import type { CompanyDetail, OrderListItem } from '../../../contracts/orders.ts';
import { apiErrorText } from '../../lib/session-api.ts';
import { getCompany, getSessionNotice, listAppeals, listOrders, type OrderPage } from './api/test-list-api.ts';

/** Spec 9: the list is refreshed 1 second after a successful redeem. */
export const REFRESH_DELAY_MS = 1_000;

/** The purchases; a failed load goes to `onError` (a stable setter). */
export function useOrderList(onError: (notice: { tone: 'error'; text: string }) => void) {
  const [orders, setOrders] = useState<OrderListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loadedPage, setLoadedPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);

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
      if (live.current) onError({ tone: 'error', text: apiErrorText(err) });
    } finally {
      if (live.current) setLoading(false);
    }
  }, [onError]);

  useEffect(() => { void load(1); }, [load]);

  // Spec 9: refresh the list 1 second after a redeem.
  const [refreshAt, setRefreshAt] = useState(0);
  useEffect(() => {
    if (!refreshAt) return;
    const id = setTimeout(() => void load(1), REFRESH_DELAY_MS);
    return () => clearTimeout(id);
  }, [refreshAt, load]);

  return { orders, total, loadedPage, loading, load, refreshSoon: () => setRefreshAt(Date.now()) };
}

/** The member's company (for its maintenance and announcement dialogs); null without one. */
export function useCompany(companyId: string): CompanyDetail | null {
  const [company, setCompany] = useState<CompanyDetail | null>(null);
  useEffect(() => {
    if (!companyId) return;
    let on = true;
    // Spec 8 lists no message for this call: without the company the page simply shows no dialog.
    getCompany(companyId).then((c) => { if (on) setCompany(c); }, (err: unknown) => console.warn('company detail', err));
    return () => { on = false; };
  }, [companyId]);
  return company;
}

/**
 * Issue 17: which attempts were disqualified, reviewed or appealed (order id -> summary), read again
 * whenever the list's length changes. A failure leaves the panels without appeal links.
 */
export function useAppeals(orderCount: number): Map<string, AppealSummary> {
  const [byOrder, setByOrder] = useState<Map<string, AppealSummary>>(new Map());
  useEffect(() => {
    if (orderCount === 0) return;
    let live = true;
    listAppeals().then((list) => { if (live) setByOrder(new Map(list.map((a) => [a.order_id, a]))); }).catch(() => undefined);
    return () => { live = false; };
  }, [orderCount]);
  return byOrder;
}

/**
 * Issue 30: the member's test-day session; null when they are in none or it could not be read (the
 * server still refuses a start outside the window, with the same sentence).
 */
export function useSessionNotice(): MemberSessionNotice | null {
  const [notice, setNotice] = useState<MemberSessionNotice | null>(null);
  useEffect(() => {
    let live = true;
    getSessionNotice().then((n) => { if (live) setNotice(n); }).catch(() => undefined);
    return () => { live = false; };
  }, []);
  return notice;
}
