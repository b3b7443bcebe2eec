// The heartbeat reads the detector's stats every 15 s, also before the warm-up has chosen a backend.
// Reading tfjs's tensor count then made tfjs initialise its best registered backend on its own,
// without the candidate's `prepare` (in the browser: WASM's threaded build, whose pthread workers
// stayed alive beside the real backend). Its own file: the engine must not have a backend yet.
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { createFaceDetector } from './face-detector.ts';

describe('face detector stats before the model is loaded', () => {
  it('initialise no tfjs backend', () => {
    let initialised = 0;
    // The highest priority: the one tfjs would pick were it asked for a backend now.
    tf.registerBackend('stats-probe', () => {
      initialised++;
      throw new Error('the stats made tfjs initialise a backend');
    }, 1_000);
    try {
      const detector = createFaceDetector({ emit: () => {}, model: 'http://127.0.0.1:9/model.json', backends: [{ name: 'cpu' }] });
      const stats = detector.getStats();
      expect(stats).toMatchObject({ backend: null, numTensors: 0, detections: 0 });
      expect(initialised).toBe(0);
      detector.dispose();
    } finally {
      tf.removeBackend('stats-probe');
    }
  });
});
