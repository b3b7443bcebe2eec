// Flat config. The import-boundary rules are the point: they keep the thread split of the design
// card (no TensorFlow or server code on the main thread, no React in workers, comlink only in bridges).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const tf = [
  { group: ['@tensorflow/*', '@tensorflow-models/*'], message: 'TensorFlow.js runs in workers/ only.' },
];
const serverCode = [
  { group: ['**/server/**', '../server', '../../server'], message: 'The browser side never imports server code.' },
];
const comlink = [
  { group: ['comlink'], message: 'Only src/workers/* bridges and workers/*/*.worker.ts import comlink.' },
];
// Server layers: routes -> services -> db. A later block for the same files replaces the rule's
// options, so each server block lists everything its files may not import.
const serverBase = [...comlink,
  { group: ['**/src/**', '**/workers/**', '../src', '../workers'], message: 'server/ may not import src/ or workers/.' }];
const serverRoutes = { group: ['**/routes/**', '**/routes'], message: 'Routes call services, never the other way round: move the shared piece into services/ or contracts/facts.' };
const serverServices = { group: ['**/services/**', '**/services'], message: 'server/db/ is the client, schema and migrations only: it never imports services.' };

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'public/', 'test-results/', 'playwright-report/', '.tmp/',
      'server/db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/workers/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...tf, ...serverCode, ...comlink,
          { group: ['**/workers/*/*.worker', '**/workers/*/*.worker.ts'], message: 'Start workers through a bridge in src/workers/.' }],
      }],
    },
  },
  {
    files: ['src/workers/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...tf, ...serverCode] }] },
  },
  {
    files: ['workers/**/*.ts'],
    ignores: ['workers/*/*.worker.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react', message: 'Workers do not render.' }, { name: 'jotai', message: 'Workers send events; the page owns atoms.' }],
        patterns: [...comlink, { group: ['**/src/**', 'react/*', 'react-dom', 'react-dom/*', 'jotai/*'], message: 'workers/ may not import the SPA, React or Jotai.' }, ...serverCode],
      }],
    },
  },
  {
    files: ['workers/*/*.worker.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react', message: 'Workers do not render.' }, { name: 'jotai', message: 'Workers send events; the page owns atoms.' }],
        patterns: [{ group: ['**/src/**', 'react/*', 'react-dom', 'react-dom/*', 'jotai/*'], message: 'workers/ may not import the SPA, React or Jotai.' }, ...serverCode],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverBase }] },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverBase, serverRoutes] }] },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverBase, serverRoutes, serverServices] }] },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['../*', './*/../*', '**/src/**', '**/server/**', '**/workers/**'], message: 'contracts/ imports nothing from the project.' }, ...comlink, ...tf],
      }],
    },
  },
  {
    // Facts go into every bundle (SPA chunks, workers, server): plain TS, no packages, nothing from
    // outside the folder. Anything not './x' (a package, '../', a path climbing out) is refused.
    files: ['contracts/facts/**/*.ts'],
    ignores: ['contracts/facts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\./)|\\.\\./', message: 'contracts/facts imports only its own files (./x.ts): no packages, no zod, nothing outside the folder.' }],
      }],
    },
  },
);
