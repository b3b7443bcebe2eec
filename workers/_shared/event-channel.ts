// Worker -> page events over MessagePorts the page hands in (one per subscription). Ports rather
// than Comlink proxy callbacks: an event is one message with no reply, and a subscription can be
// undone by closing its port.

export class EventChannel<E> {
  readonly #ports = new Map<number, MessagePort>();
  #nextId = 1;

  subscribe(port: MessagePort): number {
    const id = this.#nextId++;
    this.#ports.set(id, port);
    return id;
  }

  unsubscribe(id: number): void {
    this.#ports.get(id)?.close();
    this.#ports.delete(id);
  }

  get size(): number {
    return this.#ports.size;
  }

  /**
   * Sends `event` to every subscriber. A transfer list can move buffers to only one receiver, so the
   * others get copies, posted first (a moved buffer is detached and could no longer be cloned).
   */
  emit(event: E, transfer: Transferable[] = []): void {
    const ports = [...this.#ports.values()];
    ports.forEach((port, i) => port.postMessage(event, i === ports.length - 1 ? transfer : []));
  }

  close(): void {
    for (const id of [...this.#ports.keys()]) this.unsubscribe(id);
  }
}
