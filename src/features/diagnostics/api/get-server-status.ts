import { apiPaths } from '../../../../contracts/api-paths.ts';
import type { HealthResponse } from '../../../../contracts/health.ts';
import type { TimeResponse } from '../../../../contracts/time.ts';
import { api, clockOffsetMs } from '../../../lib/api-client.ts';

export async function getHealth(): Promise<HealthResponse['data']> {
  const res = await api.get<HealthResponse>(apiPaths.health);
  return res.data.data;
}

/** Server time and the server-minus-client clock offset measured around the call. */
export async function getServerClock(): Promise<{ serverNowMs: number; offsetMs: number }> {
  const started = Date.now();
  const res = await api.get<TimeResponse>(apiPaths.time);
  const serverNowMs = res.data.data.server_time_ms;
  return { serverNowMs, offsetMs: clockOffsetMs(serverNowMs, started, Date.now()) };
}
