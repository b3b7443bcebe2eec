// The one schema for both PGlite and PostgreSQL, one file per area; import tables from here.
// Property names are the snake_case column names (drizzle uses the key as the column name),
// matching the spec's wire fields so routes map 1:1. Files import each other only downwards
// (columns <- accounts <- licences <- orders <- certificates, proctoring; accounts <- staff <- privacy; orders, staff <- review;
// accounts, staff <- sessions), never in a circle.
// After a change: `npm run db:generate` writes the next migration into server/db/migrations.
export * from './app-meta.ts';
export * from './accounts.ts';
export * from './licences.ts';
export * from './auth.ts';
export * from './exam.ts';
export * from './orders.ts';
export * from './certificates.ts';
export * from './proctoring.ts';
export * from './staff.ts';
export * from './privacy.ts';
export * from './review.ts';
export * from './sessions.ts';
export * from './insights.ts';
