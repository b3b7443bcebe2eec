// The CI slice of `npm run bench:proctoring-accuracy`: three short labelled fixtures replayed through
// the face-detector worker's code in Node (WASM), held to the acceptance: a still photo is
// flagged 'still' within 10 s, a motionless reader never is, and a poster behind a moving candidate
// raises no violation (it is noted as a still face beside them). Fixtures that are missing are made
// (tests/fixtures/make-liveness-fixtures.sh --short; `npm test`'s prepare step makes them first).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayStates, scoreFixture } from '../fixtures/accuracy.ts';
import type { FixtureScore } from '../fixtures/accuracy.ts';
import { parseLabels } from '../fixtures/labels.ts';
import { fixturesOut, nodeFaceDetector, root } from '../fixtures/webcam-replay.ts';
import type { NodeFaceDetector } from '../fixtures/webcam-replay.ts';

const NAMES = ['still-photo', 'reader', 'poster-behind'] as const;
let detector: NodeFaceDetector;
let clock = 0;

async function score(name: (typeof NAMES)[number]): Promise<FixtureScore> {
  const labels = parseLabels(readFileSync(join(root, 'tests', 'fixtures', 'labels', `${name}.csv`), 'utf8'));
  const { perSecond } = await replayStates(detector, join(fixturesOut, `${name}.short.mjpeg`), { startMs: clock });
  clock += (perSecond.length + 60) * 1000;
  expect(perSecond.length).toBeGreaterThanOrEqual(15);
  return scoreFixture(labels, perSecond);
}

const noViolation = (s: FixtureScore) => s.flags['no-face'].falseOnsets + s.flags['multi-face'].falseOnsets;

describe('proctoring accuracy on the CI fixtures (real BlazeFace, the worker code)', () => {
  beforeAll(async () => {
    const missing = NAMES.filter((n) => !existsSync(join(fixturesOut, `${n}.short.mjpeg`)));
    if (missing.length) {
      const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-liveness-fixtures.sh'), '--short', ...missing], { stdio: 'inherit' });
      if (res.status !== 0) throw new Error('make-liveness-fixtures.sh --short failed');
    }
    detector = await nodeFaceDetector();
  }, 600_000);
  afterAll(() => detector?.detector.dispose());

  it('flags a still photo within 10 s, as evidence, never as a violation', async () => {
    const s = await score('still-photo');
    expect(s.flags.still.timeToFlag).toHaveLength(1);
    expect(s.flags.still.timeToFlag[0]).not.toBeNull();
    expect(s.flags.still.timeToFlag[0]!).toBeLessThanOrEqual(10);
    expect(s.flags.still.truePositive).toBe(s.flags.still.expected);
    expect(noViolation(s)).toBe(0);
  }, 300_000);

  it('never flags a motionless reader', async () => {
    const s = await score('reader');
    expect(s.states.filter((x) => x === 'ok').length).toBeGreaterThan(s.seconds - 3);
    expect(s.flags.still.flagged + s.flags.still.falseOnsets).toBe(0);
    expect(noViolation(s)).toBe(0);
  }, 300_000);

  it('does not take a poster behind the candidate for a second person, and notes it', async () => {
    const s = await score('poster-behind');
    expect(noViolation(s)).toBe(0);
    expect(s.flags['still-beside'].timeToFlag[0]).not.toBeNull();
    expect(s.flags['still-beside'].truePositive).toBe(s.flags['still-beside'].expected);
  }, 300_000);
});
