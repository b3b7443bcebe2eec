// One running worker behind a bridge: created, wrapped in ONE long-lived Comlink proxy, and ready
// once it posted its ready message (and, for event workers, took the event port). A crash, a failed
// init or no ready message in time ends it through `kill`.
import * as Comlink from 'comlink';
import type { WireControl, WorkerReadyMessage } from '../../workers/_shared/protocol.ts';
import { describeWorkerError, toCallError, WorkerCallError } from './worker-call-error.ts';
import type { WorkerBridgeOptions, WorkerLike } from './worker-bridge.ts';

export interface Instance {
  worker: WorkerLike;
  /** Never awaited or returned from an async function: a Comlink proxy is a thenable. */
  remote: Comlink.Remote<WireControl>;
  ready: Promise<void>;
  /** Rejecters of the calls in flight on this instance. */
  pending: Set<(reason: WorkerCallError) => void>;
  dispose(reason: WorkerCallError): void;
}

const READY: WorkerReadyMessage['type'] = 'epot:worker-ready';

export function startInstance<E>(
  options: WorkerBridgeOptions,
  listeners: Set<(event: E) => void>,
  kill: (inst: Instance, reason: WorkerCallError) => void,
): Instance {
  const { name, readyTimeoutMs = 15_000 } = options;
  const worker = options.create();
  const remote = Comlink.wrap<WireControl>(worker);
  let eventPort: MessagePort | null = null;
  let settle!: { resolve: () => void; reject: (reason: WorkerCallError) => void };
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  ready.catch(() => {}); // observed by each call; a crash with no call in flight is not unhandled

  const connectEvents = async () => {
    if (!options.events) return;
    const { port1, port2 } = new MessageChannel();
    eventPort = port1;
    port1.onmessage = (e: MessageEvent<E>) => listeners.forEach((listener) => listener(e.data));
    await remote.subscribeEvents(Comlink.transfer(port2, [port2]));
  };
  const onMessage = (e: Event | MessageEvent) => {
    const data = (e as MessageEvent<unknown>).data as Partial<WorkerReadyMessage> | null;
    if (data?.type !== READY) return;
    clearTimeout(readyTimer);
    if (data.error) return kill(inst, new WorkerCallError('init-failed', `${name}: ${data.error.message}`));
    connectEvents().then(settle.resolve, (error: unknown) => kill(inst, toCallError(error)));
  };
  const onError = (e: Event) => kill(inst, new WorkerCallError('worker-crashed', `${name} crashed: ${describeWorkerError(e)}`));
  const readyTimer = setTimeout(
    () => kill(inst, new WorkerCallError('timeout', `${name} was not ready within ${readyTimeoutMs} ms`)),
    readyTimeoutMs,
  );
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  worker.addEventListener('messageerror', onError);

  const inst: Instance = {
    worker,
    remote,
    ready,
    pending: new Set(),
    dispose(reason) {
      clearTimeout(readyTimer);
      settle.reject(reason);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      worker.removeEventListener('messageerror', onError);
      eventPort?.close();
    },
  };
  return inst;
}
