// The shape of an operator command (`npm run admin -- <command> …`). Each command lives in
// server/cli/commands/<name>.ts and is listed in server/cli/admin.ts.
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../services/platform/clock.ts';

export interface AdminContext {
  config: Config;
  /** Opened and migrated; closed by the runner after the command. */
  database: Database;
  /** The system clock; tests pass their own. */
  clock: Clock;
  out: (line: string) => void;
}

export interface AdminCommand {
  name: string;
  /** One line per form, e.g. 'institution create --name NAME [--no-camera]'. */
  usage: string[];
  summary: string;
  run(args: string[], ctx: AdminContext): Promise<void>;
}

/** Bad arguments: the runner prints the message and the command's usage, then exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Minimal `--flag value` / `--switch` parser; unknown flags are a UsageError. */
export function parseFlags(args: string[], spec: { values?: string[]; switches?: string[] }) {
  const values: Record<string, string> = {};
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) { positional.push(a); continue; }
    const name = a.slice(2);
    if (spec.switches?.includes(name)) { switches.add(name); continue; }
    if (!spec.values?.includes(name)) throw new UsageError(`unknown option ${a}`);
    const v = args[++i];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
    values[name] = v;
  }
  return { values, switches, positional };
}
