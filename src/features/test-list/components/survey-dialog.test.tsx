import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderListItem } from '../../../../contracts/orders.ts';
import { OrderPanel } from './order-panel.tsx';
import { SurveyForm } from './survey-dialog.tsx';

const submitButton = () => screen.getByRole('button', { name: 'Redeem Lisensi' }) as HTMLButtonElement;

// The form alone: react-aria's Modal needs browser APIs jsdom lacks (the e2e covers the dialog).
describe('SurveyForm', () => {
  afterEach(cleanup);

  it("keeps submit disabled until valid, asks for the 'Lainnya' text and sends it", () => {
    const onSubmit = vi.fn();
    render(<SurveyForm busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(submitButton().disabled).toBe(true);
    const job = screen.getByRole('radiogroup', { name: 'Pekerjaan' });
    fireEvent.click(job.querySelector('input[value="Lainnya"]')!);
    fireEvent.click(screen.getByRole('radiogroup', { name: 'Penggunaan Sertifikat' }).querySelector('input[value="Melamar CPNS"]')!);
    expect(submitButton().disabled).toBe(true);
    const other = screen.getByLabelText(/^Pekerjaan Lainnya/);
    fireEvent.focus(other);
    fireEvent.blur(other);
    expect(screen.getByText('Pekerjaan Lainnya Tidak Boleh Kosong')).toBeTruthy();
    fireEvent.change(other, { target: { value: 'Wiraswasta' } });
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ job: 'Lainnya: Wiraswasta', certificate_for: 'Melamar CPNS' });
  });
});

const order = (status: OrderListItem['status']): OrderListItem => ({
  id: 'o1', order_no: 'EPOT-20261121-ABCDEF', created_at: '2026-11-21T03:00:00.000Z', license: 'l1', license_hint: 'WXYZ',
  status, is_b2b: false, meta: { job: 'PNS', certificate_for: 'Melamar CPNS' }, time_accommodation: null,
});

describe('OrderPanel', () => {
  afterEach(cleanup);

  it('shows the order number, the Indonesian date and the start button', () => {
    const onStart = vi.fn();
    render(<OrderPanel order={order('not_started')} number={2} starting={false} onStart={onStart} />);
    expect(screen.getByRole('heading', { name: 'English Proficiency Online Test 2' })).toBeTruthy();
    expect(screen.getByText('EPOT-20261121-ABCDEF')).toBeTruthy();
    expect(screen.getByText('21 November 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mulai test EPOT' }));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it("issue 30: outside its session's window the start waits and the panel says until when", () => {
    const onStart = vi.fn();
    const message = 'Tes Anda dijadwalkan dalam sesi "Lab 1". Tes dapat dimulai mulai Sabtu, 5 Desember 2026 pukul 09.00 WIB.';
    const session = { name: 'Lab 1', opens_at: '2026-12-05T02:00:00.000Z', last_start_at: '2026-12-05T03:00:00.000Z', closes_at: '2026-12-05T06:00:00.000Z', can_start: false, message };
    const { rerender } = render(<OrderPanel order={order('not_started')} number={1} starting={false} onStart={onStart} session={session} />);
    expect(screen.getByTestId('session-window').textContent).toContain(message);
    const button = screen.getByRole('button', { name: 'Mulai test EPOT' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onStart).not.toHaveBeenCalled();
    // Inside the window: nothing in the way.
    rerender(<OrderPanel order={order('not_started')} number={1} starting={false} onStart={onStart} session={{ ...session, can_start: true, message: null }} />);
    expect(screen.queryByTestId('session-window')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mulai test EPOT' }));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('replaces the start button with the status once tested', () => {
    render(<OrderPanel order={order('disqualified')} number={1} starting={false} onStart={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'English Proficiency Online Test 1' }));
    expect(screen.getByText('Tes dihentikan (diskualifikasi)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mulai test EPOT' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Lanjutkan test EPOT' })).toBeNull();
  });

  it('links a disqualified test to its appeal, and an answered appeal to its answer', () => {
    const summary = { order_id: 'o1', order_no: 'EPOT-20261121-ABCDEF', order_status: 'disqualified' as const, decision: null, can_appeal: true, deadline_at: '2026-11-24T03:00:00.000Z', appeal_status: null, outcome: null };
    render(<OrderPanel order={order('disqualified')} number={1} starting={false} onStart={() => {}} appeal={summary} />);
    fireEvent.click(screen.getByRole('button', { name: 'English Proficiency Online Test 1' }));
    expect(screen.getByRole('link', { name: 'Ajukan banding' }).getAttribute('href')).toBe('/epot/o1/appeal');
    cleanup();
    render(<OrderPanel order={order('completed')} number={1} starting={false} onStart={() => {}} appeal={{ ...summary, can_appeal: false, appeal_status: 'answered', outcome: 'overturned' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'English Proficiency Online Test 1' }));
    expect(screen.getByRole('link', { name: 'Lihat jawaban banding' })).toBeTruthy();
    cleanup();
    render(<OrderPanel order={order('disqualified')} number={1} starting={false} onStart={() => {}} appeal={{ ...summary, can_appeal: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'English Proficiency Online Test 1' }));
    expect(screen.queryByRole('link', { name: /banding/ })).toBeNull();
  });

  it('lets a test in progress continue where it stopped', () => {
    render(<OrderPanel order={order('in_progress')} number={1} starting={false} onStart={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'English Proficiency Online Test 1' }));
    const resume = screen.getByRole('link', { name: 'Lanjutkan test EPOT' });
    expect(resume.getAttribute('href')).toMatch(/^\/epot\/[^/]+\/listening$/);
  });
});
