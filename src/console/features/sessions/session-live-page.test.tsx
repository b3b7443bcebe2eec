// The live view's heading facts (issue 30): the proctors the session was given are listed by name
// (the e-mail when an account has no name), and the line is left out when there are none.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveSnapshot, TestSession } from '../../../../contracts/admin-sessions.ts';
import type { LiveHandlers } from './live-stream.ts';
import { SessionLivePage } from './session-live-page.tsx';

const stream = vi.hoisted(() => ({ snapshot: null as LiveSnapshot | null }));
vi.mock('./live-stream.ts', () => ({
  openLiveStream: (_id: string, h: LiveHandlers) => {
    h.connection('live');
    if (stream.snapshot) h.snapshot(stream.snapshot, Date.parse(stream.snapshot.server_time));
    return () => {};
  },
}));

const ID = '7c2e4a1b-3d5f-4e6a-8b9c-0d1e2f3a4b5c';
const session = (proctors: TestSession['proctors']): TestSession => ({
  id: ID, institution_id: '3f6d2b1a-9c8e-4d7f-a5b4-1e2d3c4b5a69', name: 'Ujian Gelombang 1',
  opens_at: '2026-03-02T01:00:00Z', last_start_at: '2026-03-02T02:00:00Z', closes_at: '2026-03-02T05:00:00Z', ended_at: null,
  phase: 'open', phase_label: 'Berlangsung', member_count: 0, proctor_ids: proctors.map((p) => p.id), proctors, created_at: '2026-03-01T00:00:00Z',
});

function renderLive(proctors: TestSession['proctors']) {
  stream.snapshot = { session: session(proctors), members: [], feed: [], last_event_id: 0, server_time: '2026-03-02T01:30:00Z' };
  render(
    <MemoryRouter initialEntries={[`/admin/sessions/${ID}/live`]}>
      <Routes><Route path="/admin/sessions/:id/live" element={<SessionLivePage />} /></Routes>
    </MemoryRouter>,
  );
}

describe('SessionLivePage', () => {
  afterEach(cleanup);

  it('names the proctors of the session, by name or else by e-mail', async () => {
    renderLive([
      { id: '11111111-1111-4111-8111-111111111111', name: 'Budi Santoso', email: 'budi@lembaga.id' },
      { id: '22222222-2222-4222-8222-222222222222', name: '', email: 'sari@lembaga.id' },
    ]);
    expect((await screen.findByTestId('session-proctors')).textContent).toBe('Pengawas: Budi Santoso, sari@lembaga.id');
  });

  it('leaves the line out when the session has no proctor', async () => {
    renderLive([]);
    await screen.findByText(/Ujian Gelombang 1/);
    expect(screen.queryByTestId('session-proctors')).toBeNull();
  });
});
