import { describe, expect, it } from 'vitest';
import {
  COUNTER_KINDS, COUNTER_TYPES, counterKindOf, counterTypeFor, preparationChecks, proctoringRules, SETTING_FLAG_OF,
  VIOLATION_LIMIT, violationVerdict, type InstitutionProctoring, type ProctoringFlags,
} from './violations.ts';

const flags = (face: boolean, voice: boolean, new_tab: boolean): ProctoringFlags => ({ face, voice, new_tab });
const institution = (identification: ProctoringFlags, failed: ProctoringFlags, active_camera = true): InstitutionProctoring =>
  ({ active_camera, setting: { identification, failed } });

describe('counters', () => {
  it("fold the spec's 'voice' into the one speech counter", () => {
    expect(COUNTER_TYPES.map(counterKindOf)).toEqual(['open_new_tab', 'face', 'speech', 'speech']);
  });

  it("report speech as 'voice' in listening only", () => {
    expect(counterTypeFor('speech', 'listening')).toBe('voice');
    expect(counterTypeFor('speech', 'structure')).toBe('speech');
    expect(counterTypeFor('face', 'listening')).toBe('face');
  });

  it('map to the institution setting flags', () => {
    expect(COUNTER_KINDS.map((k) => SETTING_FLAG_OF[k])).toEqual(['new_tab', 'face', 'voice']);
  });
});

describe('proctoringRules', () => {
  it('gives individuals every check and the camera, and never ends their test', () => {
    const rules = proctoringRules(null);
    expect(rules).toEqual({
      checks: { open_new_tab: true, face: true, speech: true },
      disqualify_at_limit: { open_new_tab: false, face: false, speech: false },
      camera_required: true,
    });
    for (const kind of COUNTER_KINDS) expect(violationVerdict(rules, kind, 100)).toBe('warning');
  });

  it("follows the institution's identification, failed and active_camera settings", () => {
    const rules = proctoringRules(institution(flags(true, false, true), flags(false, true, true), false));
    expect(rules.checks).toEqual({ open_new_tab: true, face: true, speech: false });
    // failed.voice is on but the speech check does not run: it cannot end the test.
    expect(rules.disqualify_at_limit).toEqual({ open_new_tab: true, face: false, speech: false });
    expect(rules.camera_required).toBe(false);
  });
});

describe('violationVerdict', () => {
  const rules = proctoringRules(institution(flags(true, true, false), flags(true, false, true)));

  it('ends the test when a disqualifying counter reaches the limit, or is past it', () => {
    expect(VIOLATION_LIMIT).toBe(3);
    expect(violationVerdict(rules, 'face', VIOLATION_LIMIT - 1)).toBe('warning');
    expect(violationVerdict(rules, 'face', VIOLATION_LIMIT)).toBe('ends-test');
    expect(violationVerdict(rules, 'face', VIOLATION_LIMIT + 2)).toBe('ends-test');
  });

  it('only warns for a counter whose failed setting is off', () => {
    expect(violationVerdict(rules, 'speech', VIOLATION_LIMIT)).toBe('warning');
  });

  it('refuses a kind whose check is off, whatever the count', () => {
    expect(violationVerdict(rules, 'open_new_tab', 0)).toBe('not-checked');
    expect(violationVerdict(rules, 'open_new_tab', VIOLATION_LIMIT)).toBe('not-checked');
  });
});

describe('preparationChecks', () => {
  it('lists the checks in the setting flag names, camera and photos together', () => {
    expect(preparationChecks(proctoringRules(null))).toEqual({ face: true, voice: true, new_tab: true, camera: true, photos: true });
    expect(preparationChecks(proctoringRules(institution(flags(false, true, false), flags(false, false, false), false))))
      .toEqual({ face: false, voice: true, new_tab: false, camera: false, photos: false });
  });
});
