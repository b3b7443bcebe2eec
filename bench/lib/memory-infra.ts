// Chromium's own account of each process's memory (memory-infra, the data behind chrome://tracing's
// memory dumps): a detailed dump over CDP `Tracing.requestMemoryDump`, reduced to each process's
// top-level allocators (malloc, partition_alloc, v8, blink_gc, discardable, gpu, skia, cc, media,
// shared_memory, …) and their second-level parts. This names what /proc only sees as anonymous or
// shared mappings.
import type { Cdp } from './cdp.ts';

interface DumpEvent {
  ph: string;
  pid: number;
  name?: string;
  args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value?: string; units?: string }> }> } };
}

/** MB by allocator path ('discardable', 'media/…') per process id, from one detailed dump. */
export async function memoryInfraDump(cdp: Cdp, timeoutMs = 30_000): Promise<Record<number, Record<string, number>>> {
  const events: DumpEvent[] = [];
  const complete = new Promise<void>((resolve) => cdp.on('Tracing.tracingComplete', () => resolve()));
  cdp.on('Tracing.dataCollected', (p) => events.push(...((p.value as DumpEvent[]) ?? [])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } },
  });
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await Promise.race([complete, new Promise((r) => setTimeout(r, timeoutMs))]);
  const out: Record<number, Record<string, number>> = {};
  for (const e of events) {
    const allocators = e.args?.dumps?.allocators;
    if (e.ph !== 'v' || !allocators) continue;
    const mine = (out[e.pid] ??= {});
    for (const [path, node] of Object.entries(allocators)) {
      const depth = path.split('/').length;
      const size = node.attrs?.size;
      if (depth > 3 || !size?.value || size.units !== 'bytes') continue;
      const mb = Math.round((parseInt(size.value, 16) / 1048576) * 10) / 10;
      if ((depth < 3 && mb >= 0.5) || (depth === 3 && mb >= 2) || depth === 1) mine[path] = Math.max(mine[path] ?? 0, mb);
    }
  }
  return out;
}
