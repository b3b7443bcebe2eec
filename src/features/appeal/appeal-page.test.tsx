// The appeal screen against a stubbed API: the decision, the candidate's own flags with their photo,
// the text-only appeal (too short is refused in the form), then the waiting state and the answer.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createStore, Provider } from 'jotai';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppealDetail } from '../../../contracts/appeals.ts';
import { api } from '../../lib/api-client.ts';
import { AppealPage } from './components/appeal-page.tsx';

const original = api.defaults.adapter;
afterEach(() => { cleanup(); api.defaults.adapter = original; });

function serve(handler: (c: InternalAxiosRequestConfig) => { status: number; data: unknown }): InternalAxiosRequestConfig[] {
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

function mount() {
  const router = createMemoryRouter([{ path: '/epot/:id/appeal', element: <AppealPage /> }], { initialEntries: ['/epot/o1/appeal'] });
  render(<Provider store={createStore()}><AriaRouterProvider navigate={(to) => void router.navigate(to)}><RouterProvider router={router} /></AriaRouterProvider></Provider>);
}

const detail = (over: Partial<AppealDetail> = {}): AppealDetail => ({
  order_id: 'o1', order_no: 'EPOT-20261121-ABCDEF', order_status: 'disqualified', decision: null, can_appeal: true,
  deadline_at: '2026-11-24T03:00:00.000Z', appeal_status: null, outcome: null, appeal: null, result: null,
  evidence: {
    violations: [{ created_at: '2026-11-21T03:10:00.000Z', section: 'structure', counter_type: 'open_new_tab', reason: 'Meninggalkan halaman tes (pindah tab atau jendela)', text_voice: '', image_url: '/api/storage/v1/media/file/p1?exp=1&sig=x' }],
    events: [{ created_at: '2026-11-21T03:09:20.000Z', section: 'structure', kind: 'page-away', duration_ms: 40_000 }],
  },
  ...over,
});

describe('the appeal screen', () => {
  it('shows the own evidence and sends a text appeal once', async () => {
    let current = detail();
    const seen = serve((c) => {
      if (c.method === 'post') {
        current = detail({ can_appeal: false, appeal_status: 'open', appeal: { text: JSON.parse(c.data as string).text, status: 'open', outcome: null, answer_note: null, answered_at: null, created_at: '2026-11-21T04:00:00.000Z' } });
        return { status: 200, data: { status: 200, message: 'Banding Anda telah dikirim.', data: current.appeal } };
      }
      return { status: 200, data: { status: 200, message: 'OK', data: current } };
    });
    mount();
    const evidence = await screen.findByTestId('appeal-evidence');
    expect(within(evidence).getByText(/Meninggalkan halaman tes \(pindah tab/)).toBeTruthy();
    expect(within(evidence).getByRole('img').getAttribute('src')).toBe('/api/storage/v1/media/file/p1?exp=1&sig=x');
    expect(screen.getByText(/Meninggalkan halaman tes · Structure and Written Expression · .* · selama 40 detik/)).toBeTruthy();
    expect(screen.getByTestId('appeal-decision').textContent).toBe('Tes dihentikan (diskualifikasi), belum ditinjau pengawas');

    const field = screen.getByRole('textbox', { name: /Alasan banding/ });
    fireEvent.change(field, { target: { value: 'maaf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Banding' }));
    expect(await screen.findByText('Tuliskan alasan banding minimal 10 karakter')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'post')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Adik saya masuk ke kamar.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Banding' }));
    const state = await screen.findByTestId('appeal-state');
    expect(within(state).getByText('Adik saya masuk ke kamar.')).toBeTruthy();
    expect(within(state).getByRole('status').textContent).toMatch(/sedang ditinjau/);
    expect(screen.queryByRole('button', { name: 'Kirim Banding' })).toBeNull();
  });

  it('shows the answer once the appeal was answered', async () => {
    serve(() => ({ status: 200, data: { status: 200, message: 'OK', data: detail({
      order_status: 'completed', decision: 'disqualification_overturned', can_appeal: false, appeal_status: 'answered', outcome: 'overturned',
      result: { total_score: 417, level: 'Intermediate', cefr: 'A2', certificate: { number: 'EPOT-ABCDEFGHJKLM', status: 'valid', verify_url: 'https://epot.example.id/verify/EPOT-ABCDEFGHJKLM', public_url: '/api/storage/v1/media/file/c1?exp=1&sig=x' } },
      appeal: { text: 'Adik saya masuk ke kamar.', status: 'answered', outcome: 'overturned', answer_note: 'Foto menunjukkan pintu terbuka.', answered_at: '2026-11-22T02:00:00.000Z', created_at: '2026-11-21T04:00:00.000Z' },
    }) } }));
    mount();
    const answer = await screen.findByTestId('appeal-answer');
    expect(within(answer).getByText('Banding diterima: keputusan dibatalkan.')).toBeTruthy();
    expect(within(answer).getByText('Foto menunjukkan pintu terbuka.')).toBeTruthy();
    expect(screen.getByTestId('appeal-decision').textContent).toBe('Diskualifikasi dibatalkan, tes Anda dinilai');
    expect(screen.getByTestId('appeal-score').textContent).toBe('Skor 417 · Intermediate');
    expect(screen.getByRole('link', { name: 'Halaman verifikasi sertifikat' }).getAttribute('href')).toBe('/verify/EPOT-ABCDEFGHJKLM');
  });
});
