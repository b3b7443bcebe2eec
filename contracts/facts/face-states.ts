// The face detector's states (workers/face-detector), shared by the worker, the SPA and the server:
// the proctoring run reports episodes of them, and a monitoring heartbeat may count them.

/**
 * The debounced verdict of the temporal rule (the majority of recent detections):
 * - 'ok': one person (a face that moves, or one not watched long enough to tell);
 * - 'no-face': nobody;
 * - 'multi-face': more than one face that moves like a person;
 * - 'still': a face, but none has moved beyond a photo's jitter for the liveness window (a photo,
 *   a phone, a poster in front of an empty seat). Evidence for the reviewers, never a violation.
 */
export const FACE_VERDICTS = ['ok', 'no-face', 'multi-face', 'still'] as const;
export type FaceVerdict = (typeof FACE_VERDICTS)[number];

/** Every state the detector can be in: not watching, starting, a verdict, or not working. */
export const FACE_MONITOR_STATES = ['idle', 'loading', ...FACE_VERDICTS, 'unavailable', 'camera-ended'] as const;
export type FaceMonitorState = (typeof FACE_MONITOR_STATES)[number];
