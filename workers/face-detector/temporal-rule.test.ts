import { describe, expect, it } from 'vitest';
import { createTemporalRule, verdictOf } from './temporal-rule.ts';

/** Feeds face counts at 4/s (every 250 ms) and returns the verdict after each. */
function feed(counts: number[], options = { windowMs: 2_000, minSamples: 3 }) {
  const rule = createTemporalRule(options);
  return counts.map((count, i) => rule.add(i * 250, count));
}

describe('temporal rule', () => {
  it('classifies a single detection', () => {
    expect([0, 1, 2, 5].map((n) => verdictOf(n))).toEqual(['no-face', 'ok', 'multi-face', 'multi-face']);
    // Faces seen, none live: 'still'; no faces stay 'no-face'.
    expect([0, 1, 2].map((n) => verdictOf(n, true))).toEqual(['no-face', 'still', 'still']);
  });

  it('turns a majority of still detections into the still verdict', () => {
    const rule = createTemporalRule({ windowMs: 2_000, minSamples: 3 });
    for (let at = 0; at < 1_000; at += 250) rule.add(at, 1);
    expect(rule.verdict).toBe('ok');
    for (let at = 1_000; at < 3_000; at += 250) rule.add(at, 1, true);
    expect(rule.verdict).toBe('still');
    expect(rule.counts.still).toBe(8);
  });

  it('gives no verdict before minSamples detections', () => {
    expect(feed([1, 1, 1])).toEqual([null, null, 'ok']);
    expect(feed([0, 0, 0, 0])).toEqual([null, null, 'no-face', 'no-face']);
  });

  it('never turns one bad frame into a violation', () => {
    const verdicts = feed([1, 1, 1, 1, 0, 1, 1, 2, 1, 1, 1, 0, 1]);
    expect(verdicts.slice(2)).toEqual(Array(11).fill('ok'));
  });

  it('switches once the majority of the window changes, not before', () => {
    // 8 detections fill the 2 s window; no-face needs 5 of 8.
    const verdicts = feed([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(verdicts.slice(0, 12).every((v) => v === 'ok' || v === null)).toBe(true);
    expect(verdicts.at(-1)).toBe('no-face');
    expect(feed([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]).at(-1)).toBe('multi-face');
  });

  it('keeps the verdict while no class has a strict majority', () => {
    expect(feed([1, 1, 1, 1, 0, 0, 0, 0]).at(-1)).toBe('ok'); // 4 vs 4
    expect(feed([0, 0, 0, 0, 1, 1, 2, 2]).at(-1)).toBe('no-face'); // 4 / 2 / 2
  });

  it('forgets detections older than the window', () => {
    const rule = createTemporalRule({ windowMs: 2_000, minSamples: 3 });
    for (let i = 0; i < 8; i++) rule.add(i * 250, 0);
    expect(rule.verdict).toBe('no-face');
    // Ten seconds later: three good frames are all the window holds.
    expect(rule.add(12_000, 1)).toBe('no-face');
    rule.add(12_250, 1);
    expect(rule.add(12_500, 1)).toBe('ok');
    expect(rule.counts).toEqual({ ok: 3, noFace: 0, multiFace: 0, still: 0 });
  });

  it('reset forgets everything', () => {
    const rule = createTemporalRule({ windowMs: 2_000, minSamples: 1 });
    rule.add(0, 2);
    expect(rule.verdict).toBe('multi-face');
    rule.reset();
    expect(rule.verdict).toBeNull();
    expect(rule.counts).toEqual({ ok: 0, noFace: 0, multiFace: 0, still: 0 });
  });
});
