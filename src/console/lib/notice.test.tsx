import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRowAction, type Notice } from './notice.ts';

describe('useRowAction', () => {
  it('marks the row busy while the action runs, reports its message and calls onDone', async () => {
    const notices: Notice[] = [];
    const onDone = vi.fn();
    let finish!: (text: string) => void;
    const { result } = renderHook(() => useRowAction((n) => notices.push(n), onDone));
    let running!: Promise<void>;
    act(() => { running = result.current.run('row-1', () => new Promise<string>((resolve) => { finish = resolve; })); });
    expect(result.current.busyId).toBe('row-1');
    await act(async () => { finish('Berhasil'); await running; });
    expect(result.current.busyId).toBeNull();
    expect(notices).toEqual([{ tone: 'success', text: 'Berhasil' }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('reports a failure as an error notice, frees the row and does not call onDone', async () => {
    const notices: Notice[] = [];
    const onDone = vi.fn();
    const { result } = renderHook(() => useRowAction((n) => notices.push(n), onDone));
    await act(() => result.current.run('row-2', () => Promise.reject(new Error('Gagal menyimpan'))));
    expect(result.current.busyId).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.tone).toBe('error');
    expect(onDone).not.toHaveBeenCalled();
  });
});
