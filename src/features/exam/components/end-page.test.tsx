// Issue 27: the end page names what ended the test (the server's reason) and, after a normal end,
// says when the certificate waits for a review of missing proctoring evidence.
import { act, cleanup, render, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderListItem } from '../../../../contracts/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { licenceAtom } from '../../../lib/session.ts';
import { stoppedOrderAtom } from '../section-run/server-messages.ts';
import { EndPage } from './end-page.tsx';

const original = api.defaults.adapter;
afterEach(() => {
  cleanup();
  api.defaults.adapter = original;
});

/** detail-full of `o1` with this reason and evidence; the appeal list empty. */
function serve(reason: string | null, evidence: string | null): Promise<void> {
  let answered!: () => void;
  const detail = new Promise<void>((r) => { answered = r; });
  const adapter: AxiosAdapter = async (config) => {
    if (!config.url?.includes('appeals')) queueMicrotask(answered);
    const data = config.url?.includes('appeals')
      ? { data: { list: [] } }
      : { data: { order: { disqualified_reason: reason }, evidence_status: evidence } };
    return { data, status: 200, statusText: '', headers: {}, config };
  };
  api.defaults.adapter = adapter;
  return detail;
}

function mount(path: string) {
  const store = createStore();
  store.set(stoppedOrderAtom, 'o1');
  store.set(licenceAtom, { id: 'o1' } as OrderListItem);
  const router = createMemoryRouter([{ path: '/epot/end', element: <EndPage /> }], { initialEntries: [path] });
  render(<Provider store={store}><RouterProvider router={router} /></Provider>);
}

describe('end page', () => {
  it("names face as what ended the test (the server's reason), not the tabs", async () => {
    void serve('violations:face', null);
    mount('/epot/end?type=gugur');
    expect(await screen.findByText('Anda terindikasi melakukan kecurangan: wajah Anda tidak terdeteksi atau terdeteksi lebih dari 1 wajah sebanyak 3 kali.')).toBeTruthy();
    expect(screen.queryByText(/membuka tab baru/)).toBeNull();
  });

  it('speech, and a reason that names no counter gets the neutral text', async () => {
    void serve('violations:speech', null);
    mount('/epot/end?type=gugur');
    expect(await screen.findByText('Anda terindikasi melakukan kecurangan: percakapan terdeteksi sebanyak 3 kali selama tes.')).toBeTruthy();
    cleanup();
    void serve('candidate app: listening', null);
    mount('/epot/end?type=gugur');
    expect(await screen.findByText('Anda terindikasi melakukan kecurangan selama tes.')).toBeTruthy();
  });

  it('a finished test whose certificate waits for a review says so; a complete one does not', async () => {
    void serve(null, 'pending_review');
    mount('/epot/end');
    expect((await screen.findByRole('note')).textContent).toBe('Menunggu peninjauan (bukti pengawasan tidak lengkap). Sertifikat terbit setelah pengawas memutuskan.');
    cleanup();
    const answered = serve(null, 'complete');
    mount('/epot/end');
    await answered;
    // One macrotask turn drains the answer's promise chain and the state update it makes.
    await act(() => new Promise<void>((r) => { setTimeout(r, 0); }));
    expect(screen.getByText('Selamat Anda telah menyelesaikan test EPOT')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
