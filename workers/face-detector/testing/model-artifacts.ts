// Test support: the BlazeFace files (as read from public/models/blazeface by the caller) as an
// IOHandler, so Node loads the real model without fetch. Production passes the URL instead.
import * as tf from '@tensorflow/tfjs-core';

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  userDefinedMetadata?: Record<string, unknown>;
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

/** `modelJson`: the parsed model.json; `shards`: the weight files' bytes in manifest order. */
export function modelFromFiles(modelJson: unknown, shards: Uint8Array[]): tf.io.IOHandler {
  const json = modelJson as ModelJson;
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const total = shards.reduce((n, s) => n + s.byteLength, 0);
  const weightData = new Uint8Array(total);
  let offset = 0;
  for (const shard of shards) {
    weightData.set(shard, offset);
    offset += shard.byteLength;
  }
  return tf.io.fromMemory({
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy ?? undefined,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs,
    weightData: weightData.buffer,
  });
}
