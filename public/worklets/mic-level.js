// Microphone level meter, run by the audio thread (AudioWorklet). Plain JavaScript: it is loaded as
// is with audioWorklet.addModule('/worklets/mic-level.js'), never bundled. Every ~100 ms (option
// processorOptions.intervalMs) it posts { type: 'level', rms, peak, db } for the samples since the
// last post, channels mixed down. The page's side is src/features/proctoring/mic-level.ts.
/* global AudioWorkletProcessor, registerProcessor, sampleRate */

const RENDER_QUANTUM = 128;

class MicLevelProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const intervalMs = (options && options.processorOptions && options.processorOptions.intervalMs) || 100;
    this.samplesPerReport = Math.max(RENDER_QUANTUM, Math.round((sampleRate * intervalMs) / 1000));
    this.sumSquares = 0;
    this.count = 0;
    this.peak = 0;
    this.stopped = false;
    this.port.onmessage = (event) => {
      if (event.data && event.data.type === 'stop') this.stopped = true;
    };
  }

  process(inputs) {
    if (this.stopped) return false;
    const channels = inputs[0] || [];
    if (channels.length > 0) {
      const n = channels[0].length;
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let c = 0; c < channels.length; c++) s += channels[c][i];
        s /= channels.length;
        this.sumSquares += s * s;
        const a = Math.abs(s);
        if (a > this.peak) this.peak = a;
      }
      this.count += n;
    } else {
      this.count += RENDER_QUANTUM; // no input connected: silence
    }
    if (this.count >= this.samplesPerReport) {
      const rms = Math.sqrt(this.sumSquares / this.count);
      const db = rms > 0 ? Math.max(-100, 20 * Math.log10(rms)) : -100;
      this.port.postMessage({ type: 'level', rms, peak: this.peak, db });
      this.sumSquares = 0;
      this.count = 0;
      this.peak = 0;
    }
    return true;
  }
}

registerProcessor('mic-level', MicLevelProcessor);
