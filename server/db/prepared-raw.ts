// A hand-written statement (common table expressions drizzle's builders cannot express) built once
// per database handle and run as a named prepared statement on PostgreSQL: for the hottest raw
// statement (the heartbeat, services/proctoring/heartbeats.ts), where building the SQL on every call
// and planning it again on every call were a visible share of the server's and the database's CPU.
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDb } from './client.ts';
import { preparedPer } from './prepared.ts';

type Rows = Record<string, unknown>[];
interface RawClient { query(config: unknown, values?: unknown[]): Promise<{ rows: Rows }> }

/** `build` uses `sql.placeholder(name)` for every value that changes; run with those names' values. */
export function preparedRaw(name: string, build: (db: AppDb) => SQL): (db: AppDb) => (values: Record<string, unknown>) => Promise<Rows> {
  return preparedPer((db) => {
    const { dialect, $client: client } = db as unknown as { dialect: PgDialect; $client: RawClient & { totalCount?: number } };
    const { sql: text, params } = dialect.sqlToQuery(build(db));
    // node-postgres' Pool takes a named statement (parsed once per connection); PGlite takes text and values.
    const named = typeof client.totalCount === 'number';
    return async (values) => {
      const filled = fillPlaceholders(params, values);
      return (named ? await client.query({ name, text, values: filled }) : await client.query(text, filled)).rows;
    };
  });
}
