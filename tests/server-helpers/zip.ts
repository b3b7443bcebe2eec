// Zip archives for import tests, built with yazl. `swapName` rewrites an entry's name in the built
// bytes (local header and central directory): yazl refuses '../' names, an attacker's tool does not.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import yazl from 'yazl';

export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every file under `dir`, by its forward-slash path relative to `dir` (prefixed with `prefix`). */
export function filesOf(dir: string, prefix = ''): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[prefix + relative(dir, p).split('\\').join('/')] = readFileSync(p);
    }
  };
  walk(dir);
  return out;
}

/** Replaces every occurrence of `from` (an entry name) with `to` of the same length. */
export function swapName(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('swapName: the names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let i = out.indexOf(needle); i !== -1; i = out.indexOf(needle, i + 1)) out.write(to, i);
  return out;
}
