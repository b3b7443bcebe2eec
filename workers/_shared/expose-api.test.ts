// The worker-side wire without a real worker: Comlink is replaced by a recorder, the endpoint by a
// fake. The full round trip through Comlink is covered by src/workers/worker-bridge.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { EventChannel } from './event-channel.ts';
import { exposeApi, toWireApi } from './expose-api.ts';
import type { ComlinkLike, WorkerEndpoint } from './expose-api.ts';
import type { Outcome, WorkerReadyMessage } from './protocol.ts';
import { transferablesOf, withTransfer } from './transfer.ts';
import { WorkerError } from './worker-error.ts';

class Api {
  calls = 0;
  add(a: number, b: number) {
    this.calls++;
    return a + b;
  }
  async fail(): Promise<never> {
    throw new WorkerError('no-face', 'no face in frame');
  }
  crash(): never {
    throw new TypeError('oops');
  }
  grab() {
    const pixels = new Uint8ClampedArray(4);
    return withTransfer({ pixels }, transferablesOf(pixels));
  }
}

function fakeComlink() {
  const transfers: Transferable[][] = [];
  let exposed: unknown;
  const comlink: ComlinkLike = {
    expose: (obj) => void (exposed = obj),
    transfer: (obj, list) => (transfers.push(list), obj),
  };
  return { comlink, transfers, exposed: () => exposed };
}

function fakeEndpoint() {
  const posted: unknown[] = [];
  const endpoint: WorkerEndpoint = {
    postMessage: (m) => void posted.push(m),
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return { endpoint, posted };
}

describe('toWireApi', () => {
  it('answers every method with an Outcome and keeps `this`', async () => {
    const { comlink } = fakeComlink();
    const api = new Api();
    const wire = toWireApi(comlink, api);
    expect(await wire.add(2, 3)).toEqual({ ok: true, value: 5 });
    expect(api.calls).toBe(1);
  });

  it('turns a WorkerError into {code, message} and anything else into code internal', async () => {
    const wire = toWireApi(fakeComlink().comlink, new Api());
    expect(await wire.fail()).toEqual({ ok: false, error: { code: 'no-face', message: 'no face in frame' } });
    expect(await wire.crash()).toEqual({ ok: false, error: { code: 'internal', message: 'TypeError: oops' } });
  });

  it('hands the transfer list of a withTransfer result to Comlink, de-duplicated', async () => {
    const { comlink, transfers } = fakeComlink();
    const outcome = (await toWireApi(comlink, new Api()).grab()) as Outcome<{ pixels: Uint8ClampedArray }>;
    expect(outcome.ok && outcome.value.pixels).toBeInstanceOf(Uint8ClampedArray);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toHaveLength(1);
    expect(transfers[0]![0]).toBeInstanceOf(ArrayBuffer);
    const pixels = new Uint8Array(8);
    expect(transferablesOf(pixels, pixels.subarray(4), pixels.buffer)).toEqual([pixels.buffer]);
  });

  it('adds subscribe/unsubscribe only when there is an event channel', () => {
    const { comlink } = fakeComlink();
    expect(toWireApi(comlink, new Api()).subscribeEvents).toBeUndefined();
    const events = new EventChannel<string>();
    const wire = toWireApi(comlink, new Api(), events);
    const { port1, port2 } = new MessageChannel();
    const id = wire.subscribeEvents!(port2);
    expect(events.size).toBe(1);
    wire.unsubscribeEvents!(id);
    expect(events.size).toBe(0);
    port1.close();
  });
});

describe('exposeApi', () => {
  it('exposes the wire, then posts ready after init', async () => {
    const { comlink, exposed } = fakeComlink();
    const { endpoint, posted } = fakeEndpoint();
    let finishInit!: () => void;
    const init = vi.fn(() => new Promise<void>((r) => (finishInit = r)));
    exposeApi(comlink, new Api(), { endpoint, init });
    expect(exposed()).toHaveProperty('add');
    await vi.waitFor(() => expect(init).toHaveBeenCalled());
    expect(posted).toEqual([]);
    finishInit();
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'epot:worker-ready' } satisfies WorkerReadyMessage]));
  });

  it('reports a failed init in the ready message', async () => {
    const { endpoint, posted } = fakeEndpoint();
    exposeApi(fakeComlink().comlink, new Api(), {
      endpoint,
      init: () => Promise.reject(new WorkerError('no-model', 'model.json: 404')),
    });
    await vi.waitFor(() =>
      expect(posted).toEqual([{ type: 'epot:worker-ready', error: { code: 'init-failed', message: 'model.json: 404' } }]),
    );
  });
});
