export * from './api-paths.ts';
export * from './error.ts';
export * from './health.ts';
export * from './time.ts';
