import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { EventChannel } from '../../workers/_shared/event-channel.ts';
import { transferablesOf, withTransfer } from '../../workers/_shared/transfer.ts';
import { WorkerError } from '../../workers/_shared/worker-error.ts';
import { FakeWorker, fakeWorkerFactory } from './testing/fake-worker.ts';
import { createWorkerBridge, isWorkerCallError, WorkerCallError } from './worker-bridge.ts';
import type { WorkerBridgeOptions } from './worker-bridge.ts';

type Ping = { type: 'ping'; n: number };

/** The API under test, as a contract would declare it. */
interface TestApi {
  add(a: number, b: number): number;
  hang(): Promise<never>;
  findFace(): Promise<never>;
  invert(frame: { pixels: Uint8ClampedArray }): ReturnType<typeof withTransfer<{ pixels: Uint8ClampedArray }>>;
  ping(n: number): void;
}

function testWorker(init?: () => Promise<void>) {
  const calls: string[] = [];
  const factory = fakeWorkerFactory<TestApi, Ping>(() => {
    const events = new EventChannel<Ping>();
    const api: TestApi = {
      add: (a, b) => (calls.push('add'), a + b),
      hang: () => new Promise<never>(() => {}), // a long synchronous job, as far as the page can tell
      findFace: () => Promise.reject(new WorkerError('no-face', 'no face in the frame')),
      invert: ({ pixels }) => {
        const out = pixels.map((v) => 255 - v);
        return withTransfer({ pixels: out }, transferablesOf(out));
      },
      ping: (n) => events.emit({ type: 'ping', n }),
    };
    return { api, events, init };
  });
  return { ...factory, calls };
}

function bridgeFor(worker: ReturnType<typeof testWorker>, options: Partial<WorkerBridgeOptions> = {}) {
  return createWorkerBridge<TestApi, Ping>({ name: 'test-worker', create: worker.create, events: true, ...options });
}

describe('worker bridge', () => {
  it('starts the worker lazily, once, and reuses it', async () => {
    const worker = testWorker();
    const bridge = bridgeFor(worker);
    expect(worker.started).toHaveLength(0);
    expect(bridge.running).toBe(false);
    await expect(bridge.call('add', [2, 3])).resolves.toBe(5);
    await expect(bridge.call('add', [4, 5])).resolves.toBe(9);
    expect(worker.started).toHaveLength(1);
    expect(bridge.running).toBe(true);
    bridge.terminate();
    expect(worker.latest()?.terminated).toBe(true);
  });

  it('holds the first call until the worker reports ready', async () => {
    let finishInit!: () => void;
    const worker = testWorker(() => new Promise<void>((resolve) => (finishInit = resolve)));
    const bridge = bridgeFor(worker);
    const result = bridge.call('add', [1, 1]);
    await new Promise((r) => setTimeout(r, 30));
    expect(worker.calls).toEqual([]);
    finishInit();
    await expect(result).resolves.toBe(2);
    bridge.terminate();
  });

  it('rejects with init-failed when the worker init throws', async () => {
    const worker = testWorker(() => Promise.reject(new Error('model.json: 404')));
    const bridge = bridgeFor(worker);
    await expect(bridge.call('add', [1, 1])).rejects.toMatchObject({ code: 'init-failed' });
    expect(bridge.running).toBe(false);
  });

  it('rejects with timeout when the worker never becomes ready', async () => {
    const silent = () => new FakeWorker((endpoint) => Comlink.expose({}, endpoint)); // no ready message
    const bridge = createWorkerBridge<TestApi>({ name: 'silent', create: silent, readyTimeoutMs: 30 });
    await expect(bridge.call('add', [1, 1])).rejects.toMatchObject({ code: 'timeout' });
  });

  it('delivers a typed worker error as {code, message}', async () => {
    const bridge = bridgeFor(testWorker());
    const error: unknown = await bridge.call('findFace', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCallError);
    expect(isWorkerCallError(error, 'no-face')).toBe(true);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 'no-face', message: 'no face in the frame' });
    await expect(bridge.call('add', [1, 2])).resolves.toBe(3); // an expected error does not restart
    bridge.terminate();
  });

});

describe('worker bridge: abort, timeout, crash', () => {
  it('abort rejects with aborted, terminates the worker and restarts it on the next call', async () => {
    const worker = testWorker();
    const onExit = vi.fn();
    const bridge = bridgeFor(worker, { onExit });
    const controller = new AbortController();
    const hung = bridge.call('hang', [], { signal: controller.signal });
    const bystander = bridge.call('hang', []);
    await bridge.warmUp();
    controller.abort();
    await expect(hung).rejects.toMatchObject({ code: 'aborted' });
    await expect(bystander).rejects.toMatchObject({ code: 'terminated' });
    expect(worker.started[0]?.terminated).toBe(true);
    expect(onExit).toHaveBeenCalledWith(expect.objectContaining({ code: 'terminated' }));
    await expect(bridge.call('add', [2, 2])).resolves.toBe(4);
    expect(worker.started).toHaveLength(2);
    bridge.terminate();
  });

  it('an already aborted signal rejects without starting a worker', async () => {
    const worker = testWorker();
    const bridge = bridgeFor(worker);
    await expect(bridge.call('add', [1, 1], { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
    expect(worker.started).toHaveLength(0);
  });

  it('times out with code timeout (per call or via AbortSignal.timeout) and restarts', async () => {
    const worker = testWorker();
    const bridge = bridgeFor(worker);
    await expect(bridge.call('hang', [], { timeoutMs: 30 })).rejects.toMatchObject({ code: 'timeout' });
    await expect(bridge.call('hang', [], { signal: AbortSignal.timeout(30) })).rejects.toMatchObject({ code: 'timeout' });
    expect(worker.started.map((w) => w.terminated)).toEqual([true, true]);
    await expect(bridge.call('add', [1, 1])).resolves.toBe(2);
    bridge.terminate();
  });

  it('a crashed worker rejects every pending call with worker-crashed; the next call restarts', async () => {
    const worker = testWorker();
    const bridge = bridgeFor(worker);
    const pending = [bridge.call('hang', []), bridge.call('hang', [])];
    await bridge.warmUp();
    worker.latest()!.crash();
    for (const call of pending) {
      await expect(call).rejects.toMatchObject({ code: 'worker-crashed', message: expect.stringContaining('x is not defined') });
    }
    expect(worker.started[0]?.terminated).toBe(true);
    await expect(bridge.call('add', [3, 4])).resolves.toBe(7);
    expect(worker.started).toHaveLength(2);
    bridge.terminate();
  });

  it('a messageerror counts as a crash too', async () => {
    const worker = testWorker();
    const bridge = bridgeFor(worker);
    const pending = bridge.call('hang', []);
    await bridge.warmUp();
    worker.latest()!.dispatchEvent(new MessageEvent('messageerror'));
    await expect(pending).rejects.toMatchObject({ code: 'worker-crashed' });
  });

});

describe('worker bridge: transfer, events, idle', () => {
  it('moves pixel buffers both ways instead of copying them', async () => {
    const bridge = bridgeFor(testWorker());
    const pixels = new Uint8ClampedArray([0, 100, 255, 255]);
    const result = await bridge.call('invert', [{ pixels }], { transfer: [pixels.buffer] });
    expect(pixels.byteLength).toBe(0); // detached on the page: it was moved
    expect([...result.pixels]).toEqual([255, 155, 0, 0]);
    bridge.terminate();
  });

  it('pushes worker events to subscribers, across restarts, until unsubscribed', async () => {
    const bridge = bridgeFor(testWorker());
    const received: number[] = [];
    const unsubscribe = bridge.subscribe((e) => received.push(e.n));
    await bridge.call('ping', [1]);
    // Events travel on their own port: no ordering with call results is promised.
    await vi.waitFor(() => expect(received).toEqual([1]));
    bridge.terminate();
    await bridge.call('ping', [2]); // a new worker, subscribed again during its start
    await vi.waitFor(() => expect(received).toEqual([1, 2]));
    unsubscribe();
    await bridge.call('ping', [3]);
    await new Promise((r) => setTimeout(r, 30));
    expect(received).toEqual([1, 2]);
    bridge.terminate();
  });

  it('terminates an idle worker after idleTimeoutMs', async () => {
    const worker = testWorker();
    const onExit = vi.fn();
    const bridge = bridgeFor(worker, { idleTimeoutMs: 20, onExit });
    await bridge.call('add', [1, 1]);
    await vi.waitFor(() => expect(bridge.running).toBe(false));
    expect(onExit).toHaveBeenCalledWith(expect.objectContaining({ code: 'terminated' }));
    await expect(bridge.call('add', [1, 1])).resolves.toBe(2);
    expect(worker.started).toHaveLength(2);
    bridge.terminate();
  });
});

describe('worker bridge start failures', () => {
  it('a factory that throws rejects the call instead of throwing', async () => {
    const bridge = createWorkerBridge<TestApi>({
      name: 'unstartable',
      create: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    await expect(bridge.call('add', [1, 1])).rejects.toMatchObject({ code: 'worker-crashed' });
  });
});
