// How busy the machine is before `npm test` starts anything of its own (issue 26): the share of all
// cores that were not idle over a short window, from /proc/stat. The CI run lowers the vitest lane's
// priority so the browser and the production server are served first; with an outside CPU hog that
// priority hands the lane's CPU to the hog instead (a run beside `stress-ng --cpu 2` starved the
// lane: unit 2,181 s instead of ~490 s), so the run keeps normal priority when the machine is busy.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

type Sample = { idle: number; total: number };

function sample(): Sample | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user/nice)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = cpu;
    return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
  } catch {
    return null; // not Linux: no figure, and no decision made on one
  }
}

/** The machine's busy share (0..1) over `ms`, or null where /proc/stat cannot be read. */
export async function machineBusyShare(ms = 3000): Promise<number | null> {
  const a = sample();
  await sleep(ms);
  const b = sample();
  if (!a || !b || b.total <= a.total) return null;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}
