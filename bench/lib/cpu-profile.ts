// Summarises V8 .cpuprofile files (written by `node --cpu-prof`): self time per function and per
// package, so a load run can say where the server's CPU went, not only how much of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; endTime: number }

export interface ProfileSummary {
  total_ms: number;
  /** Share of all samples (idle excluded) per function: name, where, self %. */
  functions: { fn: string; where: string; self_pct: number }[];
  /** Share per package (node_modules/<pkg>), project folder, or `node:` / `(gc)` / `(program)`. */
  groups: { group: string; self_pct: number }[];
}

function groupOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(server|contracts)\/(.*?)\/?[^/]*$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

/** `lastSeconds`: only the samples of each profile's last seconds (the load, not the start-up). */
export function summariseProfiles(dir: string, top = 25, lastSeconds = Infinity): ProfileSummary {
  const self = new Map<string, number>();
  const groups = new Map<string, number>();
  let total = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    // Sample times from the deltas, counted back from the end.
    const at: number[] = [];
    for (let i = p.timeDeltas.length - 1, t = p.endTime; i >= 0; i--) { at[i] = t; t -= p.timeDeltas[i] ?? 0; }
    const from = p.endTime - lastSeconds * 1e6;
    p.samples.forEach((id, i) => {
      if (at[i]! < from) return;
      const n = byId.get(id)!;
      const { functionName, url, lineNumber } = n.callFrame;
      if (functionName === '(idle)') return;
      const dt = p.timeDeltas[i] ?? 0;
      total += dt;
      const fn = functionName || '(anonymous)';
      const key = `${fn}\t${url.replace(/^file:\/\/.*?\/(node_modules|server|contracts)\//, '$1/')}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const g = groupOf(url, fn);
      groups.set(g, (groups.get(g) ?? 0) + dt);
    });
  }
  const pct = (v: number) => Math.round((v / Math.max(1, total)) * 1000) / 10;
  return {
    total_ms: Math.round(total / 1000),
    functions: [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => {
      const [fn, where] = k.split('\t');
      return { fn: fn!, where: where!, self_pct: pct(v) };
    }),
    groups: [...groups].sort((a, b) => b[1] - a[1]).slice(0, top).map(([group, v]) => ({ group, self_pct: pct(v) })),
  };
}
