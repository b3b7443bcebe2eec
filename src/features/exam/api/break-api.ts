// A granted break between sections (issue 18; contracts/breaks.ts): its state, and taking it.
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type { BreakAfterSection } from '../../../../contracts/facts/index.ts';
import type { BreakState, BreakStateResponse } from '../../../../contracts/breaks.ts';
import { api, clockOffsetMs } from '../../../lib/api-client.ts';

export interface LoadedBreak {
  state: BreakState;
  /** Server clock minus client clock, measured around this request. */
  offsetMs: number;
}

async function measured(request: () => Promise<{ data: BreakStateResponse }>): Promise<LoadedBreak> {
  const started = Date.now();
  const state = (await request()).data.data;
  return { state, offsetMs: clockOffsetMs(state.server_time_ms, started, Date.now()) };
}

export const fetchBreak = (orderId: string) =>
  measured(() => api.get<BreakStateResponse>(fillPath(apiPaths.order.breaks, { id: orderId })));

export const startBreak = (orderId: string, after: BreakAfterSection) =>
  measured(() => api.post<BreakStateResponse>(fillPath(apiPaths.order.breaks, { id: orderId }), { after_section: after }));
