// Microphone audio for the speech-detector worker, run by the audio thread (AudioWorklet). Plain
// JavaScript: loaded as is with audioWorklet.addModule('/worklets/speech-frames.js'), never bundled.
// The page hands it a MessagePort (node.port.postMessage({ type: 'connect', port }, [port])) whose
// other end is in the worker; every ~100 ms it posts { type: 'audio', samples, sampleRate } there,
// channels mixed down, the buffer transferred. The audio never reaches the page's main thread.
// The page's side is src/workers/speech-detector.ts.
/* global AudioWorkletProcessor, registerProcessor, sampleRate */

class SpeechFramesProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.round(sampleRate / 10);
    this.buffer = new Float32Array(this.size);
    this.filled = 0;
    this.target = null;
    this.stopped = false;
    this.port.onmessage = (event) => {
      const data = event.data || {};
      if (data.type === 'connect') this.target = data.port;
      if (data.type === 'stop') {
        this.stopped = true;
        if (this.target) this.target.postMessage({ type: 'ended' });
        this.target = null;
      }
    };
  }

  process(inputs) {
    if (this.stopped) return false;
    const channels = inputs[0] || [];
    if (!this.target || channels.length === 0) return true;
    const n = channels[0].length;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let c = 0; c < channels.length; c++) s += channels[c][i];
      this.buffer[this.filled++] = s / channels.length;
      if (this.filled === this.size) {
        const samples = this.buffer;
        this.target.postMessage({ type: 'audio', samples, sampleRate }, [samples.buffer]);
        this.buffer = new Float32Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('speech-frames', SpeechFramesProcessor);
