import { describe, expect, it } from 'vitest';
import { EventChannel } from './event-channel.ts';

type Ev = { type: 'frame'; pixels: Uint8Array };

function receiver() {
  const { port1, port2 } = new MessageChannel();
  const received: Ev[] = [];
  port1.onmessage = (e: MessageEvent<Ev>) => received.push(e.data);
  return { page: port1, worker: port2, received };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('event channel', () => {
  it('delivers events to subscribers until they unsubscribe', async () => {
    const channel = new EventChannel<Ev>();
    const a = receiver();
    const b = receiver();
    const idA = channel.subscribe(a.worker);
    channel.subscribe(b.worker);
    channel.emit({ type: 'frame', pixels: new Uint8Array([1]) });
    await settle();
    channel.unsubscribe(idA);
    channel.emit({ type: 'frame', pixels: new Uint8Array([2]) });
    await settle();
    expect(a.received.map((e) => [...e.pixels])).toEqual([[1]]);
    expect(b.received.map((e) => [...e.pixels])).toEqual([[1], [2]]);
    channel.close();
    expect(channel.size).toBe(0);
    a.page.close();
    b.page.close();
  });

  it('moves a transferred buffer to the last subscriber and copies it for the others', async () => {
    const channel = new EventChannel<Ev>();
    const a = receiver();
    const b = receiver();
    channel.subscribe(a.worker);
    channel.subscribe(b.worker);
    const pixels = new Uint8Array([7, 8, 9]);
    channel.emit({ type: 'frame', pixels }, [pixels.buffer]);
    expect(pixels.buffer.byteLength).toBe(0); // detached: moved, not copied
    await settle();
    expect([...a.received[0]!.pixels]).toEqual([7, 8, 9]);
    expect([...b.received[0]!.pixels]).toEqual([7, 8, 9]);
    channel.close();
    a.page.close();
    b.page.close();
  });
});
