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

  it('names software WebGL renderers, which the automatic warm-up leaves out', async () => {
    vi.stubGlobal('self', { location: { origin: 'http://127.0.0.1:5173' } });
    const { isSoftwareRenderer } = await import('./backends.ts');
    // What headless Chromium without a GPU reports in a worker (seen in the e2e browser).
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)')).toBe(false);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce MX250 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
  });
});
