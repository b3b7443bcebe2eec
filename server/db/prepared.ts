// Prepared statements for the hottest queries (member authentication, the autosave): drizzle then
// builds the SQL once per database handle instead of on every request — building it was about a
// quarter of the server's CPU under autosave load (bench/README.md, server load) — and on PostgreSQL
// the statement is also named, so each pooled connection parses and plans it once.
import type { AppDb } from './client.ts';

/** `build` runs once per database handle (tests open many); the result is reused. */
export function preparedPer<T>(build: (db: AppDb) => T): (db: AppDb) => T {
  const cache = new WeakMap<AppDb, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) cache.set(db, statement = build(db));
    return statement;
  };
}
