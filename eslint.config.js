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
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...comlink, { group: ['**/src/**', '**/workers/**', '../src', '../workers'], message: 'server/ may not import src/ or workers/.' }],
      }],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['../*', './*/../*', '**/src/**', '**/server/**', '**/workers/**'], message: 'contracts/ imports nothing from the project.' }, ...comlink, ...tf],
      }],
    },
  },
);
