// A page and everything it starts, on our own CDP connection (lib/cdp.ts): the page's session, its
// dedicated workers (Target.setAutoAttach, flattened, never paused) and the origin's service
// workers (target discovery). Each gets `Emulation.setCPUThrottlingRate` when a throttle is asked for,
// and `Network.enable` when bytes are counted; what Chromium refused is kept per target, so the
// benchmark can say where the throttle did not apply.
import type { Cdp } from './cdp.ts';

export interface TargetReport {
  type: string;
  url: string;
  /** 'applied', 'not requested', or Chromium's refusal. */
  throttle: string;
  /** null when the network was counted, else why not. */
  networkError: string | null;
  /** Who started it (a worker's page or worker, by type and short url); absent for the page. */
  parent?: string;
}

export interface TargetInfo { targetId: string; type: string; url: string }

export interface Instrumented {
  targets: TargetReport[];
  /** The session of each attached target, for a caller's own commands. */
  sessions: Map<string, TargetInfo>;
}

const short = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.pathname;
  } catch {
    return url;
  }
};

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Attaches to the page `pageTargetId` (from Playwright: `Target.getTargetInfo` on its CDPSession),
 * then to each worker it starts and each service worker of the browser. A session is in `sessions`
 * before its `Network.enable`, so its network events can be put down to its target.
 */
export async function instrumentPage(cdp: Cdp, opts: {
  pageTargetId: string;
  cpuThrottle: number;
  countNetwork: boolean;
  /** Attach to service workers too (the browser's, not only this page's: one page per browser then). */
  serviceWorkers: boolean;
  /** Filled with each session's target as it attaches (pass one in to read it from event handlers). */
  sessions?: Map<string, TargetInfo>;
}): Promise<Instrumented> {
  const targets: TargetReport[] = [];
  const sessions = opts.sessions ?? new Map<string, TargetInfo>();
  const seen = new Set<string>();
  const setUp = async (sessionId: string, info: TargetInfo, parent?: TargetInfo) => {
    if (sessions.has(sessionId)) return;
    sessions.set(sessionId, info);
    // A service worker is reached twice (the page's auto-attach and discovery): its events once.
    if (seen.has(info.targetId)) return;
    seen.add(info.targetId);
    const report: TargetReport = { type: info.type, url: info.type === 'page' ? '' : short(info.url), throttle: 'not requested', networkError: null };
    if (parent) report.parent = parent.type === 'page' ? 'page' : `${parent.type} ${short(parent.url)}`;
    targets.push(report);
    const tasks: Promise<unknown>[] = [];
    if (opts.countNetwork) {
      tasks.push(cdp.send('Network.enable', {}, sessionId).catch((e: unknown) => { report.networkError = message(e); }));
    }
    if (opts.cpuThrottle !== 1) {
      tasks.push(cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuThrottle }, sessionId)
        .then(() => { report.throttle = 'applied'; }, (e: unknown) => { report.throttle = `refused: ${message(e)}`; }));
    }
    if (info.type === 'page' || info.type === 'worker') {
      // Workers a page (or a worker) starts; a worker may not allow it, which only matters for nested ones.
      tasks.push(cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, sessionId).catch(() => undefined));
    }
    await Promise.all(tasks);
  };
  // Only the children of this page's sessions: the connection may serve other pages too.
  cdp.on('Target.attachedToTarget', (p, parent) => {
    if (parent && sessions.has(parent)) void setUp(p.sessionId as string, p.targetInfo as TargetInfo, sessions.get(parent));
  });
  cdp.on('Target.targetCreated', (p) => {
    const info = p.targetInfo as TargetInfo;
    if (!opts.serviceWorkers || info.type !== 'service_worker') return;
    void cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: info.targetId, flatten: true })
      .then(({ sessionId }) => setUp(sessionId, info), () => undefined);
  });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: opts.pageTargetId, flatten: true });
  const { targetInfo } = await cdp.send<{ targetInfo: TargetInfo }>('Target.getTargetInfo', { targetId: opts.pageTargetId });
  await setUp(sessionId, targetInfo);
  if (opts.serviceWorkers) await cdp.send('Target.setDiscoverTargets', { discover: true });
  return { targets, sessions };
}
