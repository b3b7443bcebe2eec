import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createStore, Provider } from 'jotai';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateListItem, PublicCertificate, ShippingTracking } from '../../../contracts/certificates.ts';
import { api } from '../../lib/api-client.ts';
import { visiblePages } from '../../ui/pagination.tsx';
import { rewardPageAtom } from './atoms.ts';
import { RewardPage } from './components/reward-page.tsx';
import { TrackingPage } from './components/tracking-page.tsx';
import { VerifyPage } from './components/verify-page.tsx';
import { ViewerPage } from './components/viewer-page.tsx';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };

/** Routes each call by URL; a 4xx answer is thrown as axios would. */
function serve(handler: Handler): InternalAxiosRequestConfig[] {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status, data } = handler(config);
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('fail', 'ERR', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return seen;
}

const original = api.defaults.adapter;
afterEach(() => {
  cleanup();
  api.defaults.adapter = original;
  vi.restoreAllMocks();
});

function mount(path: string, routes: { path: string; element: React.ReactNode }[]) {
  const store = createStore();
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <AriaRouterProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </AriaRouterProvider>
    </Provider>,
  );
  return { store, router };
}

const item = (n: number, over: Partial<CertificateListItem> = {}): CertificateListItem => ({
  order_id: `order-${n}`, order_no: `EPOT-20261121-${n}`, end_test: '2026-11-21T03:00:00Z', score: 500 + n, level: 'Upper intermediate',
  license: `lic-${n}`,
  sertificate: { id: `c-${n}`, number: `EPOT-AAAAAAAAAAA${n}`, status: 'valid', issued_at: '', valid_until: '', media_id: `m-${n}`, public_url: '', verify_url: '' },
  shipping: { order_id: `order-${n}`, waybill_id: n === 1 ? 'JNE123' : null, status: n === 1 ? 'in_transit' : 'scheduled' },
  ...over,
});

describe('reward page', () => {
  it('lists the certificates with score, waybill link and shipping status, and pages 10 at a time', async () => {
    const seen = serve((c) => {
      const page = Number((c.params as { page: number }).page);
      const list = page === 1 ? Array.from({ length: 10 }, (_, i) => item(i + 1)) : [item(11, { sertificate: null, shipping: null })];
      return { status: 200, data: { status: 200, message: 'OK', data: { list, page, limit: 10, total: 11 } } };
    });
    const { router } = mount('/reward', [{ path: '/reward', element: <RewardPage /> }]);
    const table = await screen.findByTestId('certificate-table');
    expect(await within(table).findByText('EPOT-20261121-1')).toBeTruthy();
    expect(seen[0]!.params).toEqual({ limit: 10, page: 1, sort_by: 'end_test', sort_type: 'desc' });
    const first = within(table).getAllByTestId('certificate-row')[0]!;
    expect(within(first).getByTestId('certificate-score').textContent).toBe('501');
    expect(within(first).getByText('21 November 2026')).toBeTruthy();
    expect(within(first).getByText('Dalam perjalanan')).toBeTruthy();
    expect(within(table).getAllByText('Belum ada resi')).toHaveLength(9);

    const nav = screen.getByRole('navigation', { name: 'Halaman daftar sertifikat' });
    expect(within(nav).getByRole('button', { name: 'Halaman 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Sebelumnya' }).hasAttribute('disabled')).toBe(true);
    expect(within(nav).getByText('Halaman 1 dari 2')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Berikutnya' }));
    expect(await within(table).findByText('EPOT-20261121-11')).toBeTruthy();
    expect(seen[seen.length - 1]!.params).toMatchObject({ page: 2 });
    expect(within(table).getByText('Sedang diproses')).toBeTruthy();

    fireEvent.click(within(nav).getByRole('button', { name: 'Halaman 1' }));
    fireEvent.click(await within(table).findByRole('link', { name: 'JNE123' }));
    expect(router.state.location.pathname).toBe('/certificate/order-1/tracking');
  });

  it('says honestly why a certificate is not there: held for review with incomplete evidence, refused, or in progress', async () => {
    serve(() => ({ status: 200, data: { status: 200, message: 'OK', data: { list: [
      item(1, { sertificate: null, evidence_status: 'pending_review' }),
      item(2, { sertificate: null, evidence_status: 'refused' }),
      item(3, { sertificate: null, evidence_status: null }),
    ], page: 1, limit: 10, total: 3 } } }));
    mount('/reward', [{ path: '/reward', element: <RewardPage /> }]);
    const table = await screen.findByTestId('certificate-table');
    await within(table).findByText('EPOT-20261121-1');
    expect(within(table).getAllByTestId('certificate-pending').map((e) => e.textContent)).toEqual([
      'Menunggu peninjauan (bukti pengawasan tidak lengkap). Sertifikat terbit setelah pengawas memutuskan.',
      'Tidak diterbitkan: hasil tes dinyatakan tidak sah setelah peninjauan.',
      'Sedang diproses',
    ]);
  });

  it('opens the PDF in a new window at the media detail public_url', async () => {
    const seen = serve((c) => c.url?.includes('/storage/v1/media/user/detail/m-1')
      ? { status: 200, data: { status: 200, message: 'OK', data: { id: 'm-1', public_url: '/api/storage/v1/media/file/m-1?exp=1&sig=abc' } } }
      : { status: 200, data: { status: 200, message: 'OK', data: { list: [item(1)], page: 1, limit: 10, total: 1 } } });
    const win = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    mount('/reward', [{ path: '/reward', element: <RewardPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lihat sertifikat order EPOT-20261121-1' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(win.location.href).toBe('/api/storage/v1/media/file/m-1?exp=1&sig=abc'));
    expect(win.opener).toBeNull();
    expect(seen.some((c) => c.url === '/storage/v1/media/user/detail/m-1')).toBe(true);
  });

  it('remembers the page when coming back', async () => {
    serve((c) => ({ status: 200, data: { status: 200, message: 'OK', data: { list: [item(Number((c.params as { page: number }).page) * 10)], page: 1, limit: 10, total: 25 } } }));
    const { store } = mount('/reward', [{ path: '/reward', element: <RewardPage /> }]);
    act(() => store.set(rewardPageAtom, 3));
    expect(await screen.findByText('EPOT-20261121-30')).toBeTruthy();
  });
});

describe('pagination windows', () => {
  it('shows every page up to 7, then the ends and the neighbours of the current page', () => {
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, null, 20]);
  });
});

describe('tracking page', () => {
  const tracking: ShippingTracking = {
    order_id: 'order-1', order_no: 'EPOT-20261121-1', waybill_id: 'JNE123',
    courier: { company: 'JNE', type: 'reg', name: 'Budi', phone: '0811', tracking_id: 'T-1', link: 'https://kurir.example/T-1' },
    status: 'in_transit', origin: { contact_name: 'EPOT', contact_phone: '', address: '', note: '', postal_code: '' },
    destination: { contact_name: 'Rina', contact_phone: '0813', address: 'Jl. Cempaka 3, Malang', note: '', postal_code: '' },
    history: [
      { updated_at: '2026-11-21T03:00:00Z', note: 'Sertifikat cetak dijadwalkan', status: 'scheduled' },
      { updated_at: '2026-11-23T02:00:00Z', note: 'Paket dijemput kurir', status: 'picked_up' },
    ],
    delivery: { datetime: null, note: '', type: 'now' }, items: [{ name: 'Sertifikat EPOT', description: '', quantity: 1 }],
    price: 0, note: '', shipper: 'EPOT', planned_ship_at: '2026-11-23T01:00:00Z',
  };

  it('shows the shipment with its history as an ordered list, and goes back to the list', async () => {
    const seen = serve(() => ({ status: 200, data: { status: 200, message: 'OK', data: tracking } }));
    const { router } = mount('/certificate/order-1/tracking', [
      { path: '/certificate/:id/tracking', element: <TrackingPage /> }, { path: '/reward', element: <h1>reward</h1> },
    ]);
    expect((await screen.findByTestId('tracking-waybill')).textContent).toBe('JNE123');
    expect(seen[0]!.url).toBe('/users/v1/member/order/shipping/tracking/order-1');
    expect(screen.getByTestId('tracking-status').textContent).toBe('Dalam perjalanan');
    const history = screen.getByTestId('tracking-history');
    expect(history.tagName).toBe('OL');
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/21 November 2026.*Sertifikat cetak dijadwalkan/) as string,
      expect.stringMatching(/23 November 2026.*Paket dijemput kurir/) as string,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(router.state.location.pathname).toBe('/reward');
  });

  it("shows the server's message when there is no shipment", async () => {
    serve(() => ({ status: 404, data: { status: 404, message: 'Data pengiriman tidak ditemukan' } }));
    mount('/certificate/x/tracking', [{ path: '/certificate/:id/tracking', element: <TrackingPage /> }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Data pengiriman tidak ditemukan');
  });
});

describe('verify page', () => {
  const cert: PublicCertificate = {
    number: 'EPOT-ABCDEFGHJKMN', name: 'Dewi Lestari', test_date: '2026-11-21T03:00:00Z',
    scores: { listening: 51, structure: 52, reading: 58 }, total: 537, level: 'Advanced', cefr: 'B1', valid_until: '2027-11-21T03:00:00Z', status: 'revoked',
  };

  it('shows the certificate and its status', async () => {
    const seen = serve(() => ({ status: 200, data: { status: 200, message: 'OK', data: cert } }));
    mount('/verify/EPOT-ABCDEFGHJKMN', [{ path: '/verify/:number', element: <VerifyPage /> }]);
    expect((await screen.findByTestId('certificate-status')).textContent).toBe('Dicabut');
    expect(seen[0]!.url).toBe('/public/v1/certificate/EPOT-ABCDEFGHJKMN');
    expect(screen.getByText('Sertifikat ini telah dicabut dan tidak berlaku lagi.')).toBeTruthy();
    expect(screen.getByTestId('certificate-total').textContent).toBe('537');
    expect(screen.getByText('Dewi Lestari')).toBeTruthy();
    expect(screen.getByText('21 November 2027')).toBeTruthy();
  });

  it('says clearly when a number is unknown', async () => {
    serve(() => ({ status: 404, data: { status: 404, message: 'Sertifikat tidak ditemukan' } }));
    mount('/verify/EPOT-NOPE', [{ path: '/verify/:number', element: <VerifyPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Sertifikat tidak ditemukan' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('EPOT-NOPE');
  });
});

describe('viewer page', () => {
  it('shows the sample certificate, the level table and the verification address format', () => {
    mount('/viewer', [{ path: '/viewer', element: <ViewerPage /> }]);
    const sample = screen.getByRole('figure', { name: 'Contoh sertifikat EPOT' });
    for (const s of ['Nama Peserta Contoh', 'Predicted TOEFL score', '537', 'Advanced', 'Total correct answers', '101 of 140']) {
      expect(within(sample).getAllByText(s).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('table', { name: 'Tingkat kemampuan menurut skor prediksi' })).toBeTruthy();
    expect(screen.getByTestId('verify-format').textContent).toBe(`${window.location.origin}/verify/<nomor sertifikat>`);
  });
});
