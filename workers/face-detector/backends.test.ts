// The WASM settings hold from the moment the worker loads its backends, before any warm-up: a tf.*
// call that makes tfjs initialise WASM on its own must not get the threaded build (issue 26).
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('face detector backends module', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('keeps tfjs on the single-threaded WASM build as soon as it loads', async () => {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', true);
    vi.stubGlobal('self', { location: { origin: 'http://127.0.0.1:5173' } });
    await import('./backends.ts');
    expect(tf.env().get('WASM_HAS_MULTITHREAD_SUPPORT')).toBe(false);
  });
});
