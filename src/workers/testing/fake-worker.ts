// Test support only (never imported by app code): an in-process stand-in for a module worker. The
// worker side really runs `exposeApi` + Comlink, over a MessageChannel instead of a thread, so the
// bridge is tested against the real protocol in jsdom.
import * as Comlink from 'comlink';
import { exposeApi } from '../../../workers/_shared/expose-api.ts';
import type { ExposeOptions, WorkerEndpoint } from '../../../workers/_shared/expose-api.ts';
import type { WorkerLike } from '../worker-bridge.ts';

export class FakeWorker extends EventTarget implements WorkerLike {
  terminated = false;
  readonly #page: MessagePort;
  readonly #cleanup: (() => void) | void;

  /** `boot` runs the worker side on `endpoint`; what it returns runs on terminate. */
  constructor(boot: (endpoint: WorkerEndpoint) => (() => void) | void) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.#page = port1;
    port1.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: e.data })));
    port1.start();
    this.#cleanup = boot(port2);
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.terminated) this.#page.postMessage(message, transfer);
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.#page.close(); // closes the worker end too
    this.#cleanup?.();
  }

  /** What a browser does when worker code throws outside a call or its script fails to load. */
  crash(message = 'Uncaught ReferenceError: x is not defined'): void {
    this.dispatchEvent(new ErrorEvent('error', { message }));
  }
}

/** The worker side of one fake worker instance, made afresh on every (re)start. */
export interface FakeWorkerSide<Api, E> extends Omit<ExposeOptions<E>, 'endpoint'> {
  api: Api;
  /** Runs on terminate, like the end of a real worker's timers. */
  dispose?: () => void;
}

/** A factory for the bridge, plus the list of fake workers it started. */
export function fakeWorkerFactory<Api extends object, E = never>(side: () => FakeWorkerSide<Api, E>) {
  const started: FakeWorker[] = [];
  const create = () => {
    const worker = new FakeWorker((endpoint) => {
      const { api, dispose, ...options } = side();
      exposeApi(Comlink, api, { ...options, endpoint });
      return dispose;
    });
    started.push(worker);
    return worker;
  };
  return { create, started, latest: () => started.at(-1) };
}
