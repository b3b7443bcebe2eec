// The device-check screens wired to the router, the store and (mocked) server calls and engines:
// the separate headset check leads to the webcam check; an institution without a camera skips the
// video ('Kamera tidak di wajibkan') and 'Mulai Test' saves the settings, signals the start and opens
// listening. The camera path itself runs against the real worker in the e2e suite.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstitutionDetail } from '../../../../contracts/orders.ts';
import { sessionAtom } from '../../../lib/session.ts';
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import * as serverApi from '../api/device-check-api.ts';
import { DeviceCheckPage, HeadsetCheckPage, WebcamCheckPage } from './device-check-page.tsx';

vi.mock('../api/device-check-api.ts', () => ({
  getOrder: vi.fn(),
  getInstitution: vi.fn(),
  reportDevice: vi.fn(async () => {}),
  saveSettings: vi.fn(async () => {}),
  signalStart: vi.fn(async () => {}),
}));
vi.mock('../../../workers/face-detector.ts', () => ({
  loadFaceDetector: vi.fn(async () => ({})),
  startFaceDetection: vi.fn(async () => {}),
  stopFaceDetection: vi.fn(),
  configureFaceDetection: vi.fn(async () => ({})),
}));
vi.mock('../../../sensors/mic-level.ts', () => ({ startMicLevel: vi.fn(async () => ({ stop: vi.fn() })) }));
vi.mock('../../../sensors/speech-detection.ts', () => ({
  startSpeechDetection: vi.fn(() => true),
  stopSpeechDetection: vi.fn(),
  resetSpeechDetection: vi.fn(),
}));

const api = vi.mocked(serverApi);
const noCamera: InstitutionDetail = {
  id: 'inst-1', name: 'Lembaga', active_camera: false,
  setting: { identification: { face: false, voice: true, new_tab: true }, failed: { face: false, voice: false, new_tab: false } },
};

function mount(path: string, { b2b = false, status = 'not_started' as 'not_started' | 'completed' } = {}) {
  const store = createStore();
  store.set(sessionAtom, {
    token: 't',
    user: {
      id: 'u1', fullname: 'Sari', email: 'sari@example.com', is_updated_profile: true, is_b2b: b2b,
      institusion: { id: b2b ? 'inst-1' : '' }, company: { id: 'c1' }, meta: { residential_address: 'Jl. Pemuda 1' },
    },
  });
  api.getOrder.mockResolvedValue({
    license: 'lic-1',
    order: {
      id: 'o1', order_no: 'EPOT-1', status, is_b2b: b2b, license_hint: 'ABCD', created_at: '', started_at: null,
      completed_at: null, disqualified_at: null, disqualified_reason: null, total_score: null, level: null, cefr: null,
      settings: { use_face_detection: false, use_speech_detection: false }, consent: null, device_reports: [],
    },
  });
  api.getInstitution.mockResolvedValue(noCamera);
  const router = createMemoryRouter([
    { path: '/epot/:id/device-check', element: <DeviceCheckPage /> },
    { path: '/epot/:id/headset-check', element: <HeadsetCheckPage /> },
    { path: '/epot/:id/webcam-check', element: <WebcamCheckPage /> },
    { path: '/epot/:id/listening', element: <p>listening screen</p> },
  ], { initialEntries: [path] });
  render(<Provider store={store}><RouterProvider router={router} /></Provider>);
  return { store, router };
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [], getAudioTracks: () => [] })) },
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('device check screens', () => {
  it('headset check: the audio layers in an accessible checklist, then on to the webcam check', async () => {
    const { router } = mount('/epot/o1/headset-check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audio' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Langkah pengecekan perangkat' });
    const items = nav.querySelectorAll('li');
    expect(items).toHaveLength(1);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(items[0]!.textContent).toContain('sedang diperiksa');
    expect(screen.getByText('Hubungkan headset atau earphone ke komputer Anda sebelum melanjutkan.')).toBeTruthy();

    press('Lanjutkan');
    expect(screen.getByRole('button', { name: 'Lanjutkan' }).hasAttribute('disabled')).toBe(true);
    press('Putar Suara Contoh');
    expect(await screen.findByText('Suara contoh sedang diputar.')).toBeTruthy();
    // The sample ships with the app.
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('/audio/sample.webm');
    press('Lanjutkan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/epot/o1/webcam-check'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kamera' })).toBeTruthy();
  });

  it('no camera required: the video is skipped; Mulai Test saves the settings, signals the start, opens listening', async () => {
    const { store, router } = mount('/epot/o1/device-check', { b2b: true });
    await screen.findByRole('heading', { level: 1, name: 'Audio' });
    expect(api.getInstitution).toHaveBeenCalledWith('inst-1');
    press('Lanjutkan');
    press('Putar Suara Contoh');
    await screen.findByText('Suara contoh sedang diputar.');
    press('Lanjutkan');
    expect(screen.getByText('Kamera tidak di wajibkan')).toBeTruthy();
    press('Lanjutkan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mikrofon' })).toBeTruthy();
    expect(screen.getByTestId('checklist-camera').textContent).toContain('tidak diwajibkan');

    press('Nyalakan Mikrofon');
    const start = await screen.findByRole('button', { name: 'Mulai Test' });
    expect(start.hasAttribute('disabled')).toBe(true); // voice identification is on: wait for speech
    act(() => store.set(speechAtom, (s) => ({
      ...s, status: 'listening', sentences: [{ text: 'Saya siap mengikuti tes EPOT dengan jujur', words: 7, at: 1 }], wordCount: 7,
    })));
    expect(await screen.findByText('Saya siap mengikuti tes EPOT dengan jujur', { selector: 'li' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mulai Test' }).hasAttribute('disabled')).toBe(false));
    press('Mulai Test');

    await waitFor(() => expect(router.state.location.pathname).toBe('/epot/o1/listening'));
    expect(api.saveSettings).toHaveBeenCalledWith('lic-1', { use_face_detection: false, use_speech_detection: true });
    expect(api.signalStart).toHaveBeenCalledWith('o1');
    expect(api.saveSettings.mock.invocationCallOrder[0]).toBeLessThan(api.signalStart.mock.invocationCallOrder[0]!);
    expect(api.reportDevice).not.toHaveBeenCalled();
  });

  it('a finished order shows the server\'s message instead of the check', async () => {
    mount('/epot/o1/device-check', { status: 'completed' });
    expect((await screen.findByRole('alert')).textContent).toBe('Maaf, Tes ini sudah selesai');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
