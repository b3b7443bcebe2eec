// drizzle-kit: `npm run db:generate` turns changes in the schema into the next SQL migration.
// The same migrations are applied to PGlite and PostgreSQL at start-up (server/db/client.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
