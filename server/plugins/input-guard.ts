// Text the database cannot store, caught at the edge for every route (found by the HTTP fuzzer):
// - NUL (U+0000) is refused by PostgreSQL in text and jsonb alike, so a request carrying one would
//   fail deep in a query as a 500. It is never typed by a person: answered with a 400 naming the field.
// - A lone UTF-16 surrogate (half an emoji, e.g. text cut in the middle of one) is refused by jsonb.
//   It is replaced with U+FFFD, like UTF-8 encoding does in text columns, so no answer is lost to it.
// Runs before validation on the parsed body, query and path parameters; multipart fields are read
// by their route. The walk is iterative: a 1 MB body can nest half a million levels deep.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

export const NUL_MESSAGE = 'mengandung karakter yang tidak valid';
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** String.prototype.toWellFormed (ES2024, not in this project's lib): lone surrogates become U+FFFD. */
export const wellFormed = (s: string) => s.replace(LONE_SURROGATES, '\ufffd');

type Holder = Record<string | number, unknown>;

/** Cleans `root` in place (lone surrogates); returns the path of the first NUL, or null. */
export function sanitiseInput(root: unknown, rootPath: string): string | null {
  if (typeof root === 'string') return root.includes('\u0000') ? rootPath : null;
  const stack: { holder: Holder; key: string | number; path: string }[] = [];
  const push = (value: unknown, path: string) => {
    if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return; // a Buffer: a raw body its route parses itself
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      stack.push({ holder: value as Holder, key, path: path ? `${path}.${key}` : String(key) });
    }
  };
  push(root, '');
  while (stack.length > 0) {
    const { holder, key, path } = stack.pop()!;
    const value = holder[key];
    if (String(key).includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) return path;
    if (typeof value === 'string') holder[key] = wellFormed(value);
    else push(value, path);
  }
  return null;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['path', req.params], ['query', req.query], ['body', req.body]] as const) {
      const bad = sanitiseInput(value, part);
      if (bad === null) continue;
      throw new HttpError(400, `${bad.length > 80 ? `${bad.slice(0, 80)}…` : bad}: ${NUL_MESSAGE}`);
    }
  });
}, { name: 'epot-input-guard' });
