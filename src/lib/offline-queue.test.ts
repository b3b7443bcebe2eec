import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createOfflineQueue, indexedDbStorage, memoryStorage } from './offline-queue.ts';
import type { QueuedRequest, QueueStorage } from './offline-queue.ts';

class NetworkDown extends Error {}
class Refused extends Error {}

/** A server that records what it received and fails while `down`. */
function fakeServer() {
  const received: QueuedRequest[] = [];
  const state = { down: false, refuse: false };
  const send = async (r: QueuedRequest) => {
    if (state.down) throw new NetworkDown('offline');
    if (state.refuse) throw new Refused('Maaf, Tes ini sudah selesai');
    received.push({ method: r.method, path: r.path, body: r.body, key: r.key, kind: r.kind });
    return { echoed: r.body };
  };
  return { received, state, send };
}

const draft = (n: number, key = 'o1:reading'): QueuedRequest => ({ method: 'PUT', path: '/draft', body: { n }, key, kind: 'draft' });
const submit = (key = 'o1:reading'): QueuedRequest => ({ method: 'POST', path: '/answer', body: { final: true }, key, kind: 'submit' });

const storages: [string, () => QueueStorage][] = [
  ['memory', () => memoryStorage()],
  ['IndexedDB', () => indexedDbStorage('test-outbox', new IDBFactory())],
];

function queueOn(makeStorage: () => QueueStorage) {
  return (storage = makeStorage()) => {
    const server = fakeServer();
    const queue = createOfflineQueue({ send: server.send, isRetryable: (e) => e instanceof NetworkDown, storage });
    return { server, queue, storage };
  };
}

describe.each(storages)('offline queue on %s: sending and replaying', (_name, makeStorage) => {
  const setup = queueOn(makeStorage);

  it('sends at once when online and leaves nothing behind', async () => {
    const { server, queue } = setup();
    expect(await queue.send(draft(1))).toEqual({ ok: true, data: { echoed: { n: 1 } } });
    expect(server.received).toHaveLength(1);
    expect(await queue.pending()).toEqual([]);
  });

  it('keeps what failed offline and replays it in order when the network returns', async () => {
    const { server, queue } = setup();
    server.state.down = true;
    expect(await queue.send(draft(1, 'o1:structure'))).toMatchObject({ ok: false, kept: true });
    expect(await queue.send(draft(2, 'o1:reading'))).toMatchObject({ ok: false, kept: true });
    expect(await queue.send(draft(3, 'o1:reading'))).toMatchObject({ ok: false, kept: true });
    // The newer reading draft replaced the older one; the structure draft stays first.
    expect((await queue.pending()).map((e) => e.body)).toEqual([{ n: 1 }, { n: 3 }]);
    server.state.down = false;
    const seen: unknown[] = [];
    queue.subscribe((entry, outcome) => seen.push([entry.body, outcome.ok]));
    await queue.flush();
    expect(server.received.map((r) => r.body)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(seen).toEqual([[{ n: 1 }, true], [{ n: 3 }, true]]);
    expect(await queue.pending()).toEqual([]);
  });

  it('a submission replaces waiting drafts of its section and goes after the others', async () => {
    const { server, queue } = setup();
    server.state.down = true;
    await queue.send(draft(1, 'o1:structure'));
    await queue.send(draft(2, 'o1:reading'));
    const failed = await queue.send(submit('o1:reading'));
    expect(failed).toMatchObject({ ok: false, kept: true, error: expect.any(NetworkDown) });
    expect((await queue.pending()).map((e) => e.kind)).toEqual(['draft', 'submit']);
    server.state.down = false;
    await queue.flush();
    expect(server.received.map((r) => r.kind)).toEqual(['draft', 'submit']);
    // A draft after the submission does not remove the submission.
    server.state.down = true;
    await queue.send(submit('o2:reading'));
    await queue.send(draft(9, 'o2:reading'));
    expect((await queue.pending()).map((e) => e.kind)).toEqual(['submit', 'draft']);
  });

  it('a resend replaces the submission still waiting, so it is sent once', async () => {
    const { server, queue } = setup();
    server.state.down = true;
    await queue.send(submit());
    await queue.send(submit());
    expect(await queue.pending()).toHaveLength(1);
    server.state.down = false;
    expect(await queue.send(submit())).toMatchObject({ ok: true });
    expect(server.received.map((r) => r.kind)).toEqual(['submit']);
  });

});

describe.each(storages)('offline queue on %s: refusals, reloads, concurrency', (_name, makeStorage) => {
  const setup = queueOn(makeStorage);

  it('drops a request the server refuses and reports it, without blocking the rest', async () => {
    const { server, queue } = setup();
    server.state.refuse = true;
    const outcome = await queue.send(submit());
    expect(outcome).toMatchObject({ ok: false, kept: false, error: expect.any(Refused) });
    expect(await queue.pending()).toEqual([]);
    server.state.refuse = false;
    expect(await queue.send(draft(4, 'o9:reading'))).toMatchObject({ ok: true });
  });

  it('survives a reload: a new queue on the same storage replays what was left', async () => {
    const storage = makeStorage();
    const first = setup(storage);
    first.server.state.down = true;
    await first.queue.send(draft(7));
    const second = setup(storage);
    await second.queue.flush();
    expect(second.server.received.map((r) => r.body)).toEqual([{ n: 7 }]);
  });

  it('concurrent sends never send an entry twice', async () => {
    const { server, queue } = setup();
    const results = await Promise.all([queue.send(draft(1, 'a')), queue.send(draft(2, 'b')), queue.flush(), queue.send(submit('c'))]);
    expect(results.filter((r) => 'ok' in r && r.ok)).toHaveLength(3);
    expect(server.received.map((r) => r.key)).toEqual(['a', 'b', 'c']);
  });
});
