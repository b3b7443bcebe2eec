import { describe, expect, it } from 'vitest';
import {
  activeChecks, counterTypeFor, isSpeechViolation, needsMorePhotos, photoDelayMs, reachesLimit, rulesFromInstitution, rulesFromServer,
} from './rules.ts';

const institution = (over: { camera?: boolean; id?: Partial<Flags>; failed?: Partial<Flags> } = {}) => ({
  id: 'i1',
  name: 'Lembaga',
  active_camera: over.camera ?? true,
  setting: {
    identification: { face: true, voice: true, new_tab: true, ...over.id },
    failed: { face: false, voice: false, new_tab: false, ...over.failed },
  },
});
type Flags = { face: boolean; voice: boolean; new_tab: boolean };

describe('rules per role (spec 6)', () => {
  it('individuals: every check, photos, never disqualified by the client', () => {
    const rules = rulesFromInstitution({});
    expect(rules).toEqual({
      checks: { open_new_tab: true, face: true, speech: true },
      disqualifyAtLimit: { open_new_tab: false, face: false, speech: false },
      camera: true,
    });
    expect(activeChecks(rules)).toEqual({ tab: true, speech: true, camera: true, faceCounter: true, photos: true });
    expect(reachesLimit(rules, 'open_new_tab', 3)).toBe(false);
  });

  it('institution members follow identification, failed (only for checks that run) and active_camera', () => {
    const rules = rulesFromInstitution(institution({ id: { voice: false }, failed: { new_tab: true, voice: true } }));
    expect(rules.checks).toEqual({ open_new_tab: true, face: true, speech: false });
    expect(rules.disqualifyAtLimit).toEqual({ open_new_tab: true, face: false, speech: false });
    expect(reachesLimit(rules, 'open_new_tab', 2)).toBe(false);
    expect(reachesLimit(rules, 'open_new_tab', 3)).toBe(true);
    expect(reachesLimit(rules, 'face', 3)).toBe(false);
  });

  it('face counter off but camera on: the camera runs (photos, the unstable snackbar) without counting faces', () => {
    expect(activeChecks(rulesFromInstitution(institution({ id: { face: false } })))).toMatchObject({ camera: true, faceCounter: false, photos: true });
    // The device check's flags only take checks away, never add one the rules do not run.
    expect(activeChecks(rulesFromInstitution(institution()), { face: false, speech: true })).toMatchObject({ camera: true, faceCounter: false, speech: true });
    expect(activeChecks(rulesFromInstitution(institution({ id: { voice: false } })), { face: true, speech: true })).toMatchObject({ faceCounter: true, speech: false });
  });

  it('no camera: no photos and no face counter, whatever identification.face says', () => {
    expect(activeChecks(rulesFromInstitution(institution({ camera: false })))).toMatchObject({ camera: false, faceCounter: false, photos: false });
  });

  it('the server answer replaces the stored institution', () => {
    const rules = rulesFromServer({
      checks: { open_new_tab: true, face: false, speech: true },
      disqualify_at_limit: { open_new_tab: true, face: false, speech: false },
      camera_required: false,
    });
    expect(rules).toEqual({
      checks: { open_new_tab: true, face: false, speech: true }, disqualifyAtLimit: { open_new_tab: true, face: false, speech: false }, camera: false,
    });
  });
});

describe('speech (spec 5)', () => {
  it('over 3 words in listening, over 2 in structure and reading', () => {
    expect(isSpeechViolation('listening', 3)).toBe(false);
    expect(isSpeechViolation('listening', 4)).toBe(true);
    expect(isSpeechViolation('structure', 2)).toBe(false);
    expect(isSpeechViolation('structure', 3)).toBe(true);
    expect(isSpeechViolation('reading', 3)).toBe(true);
  });

  it('listening reports voice, the other sections speech', () => {
    expect(counterTypeFor('speech', 'listening')).toBe('voice');
    expect(counterTypeFor('speech', 'reading')).toBe('speech');
    expect(counterTypeFor('face', 'listening')).toBe('face');
    expect(counterTypeFor('open_new_tab', 'structure')).toBe('open_new_tab');
  });
});

describe('photos (spec 4.7)', () => {
  it('100000 ms times a whole number from 1 to 6', () => {
    expect(photoDelayMs(0)).toBe(100_000);
    expect(photoDelayMs(0.1699)).toBe(200_000);
    expect(photoDelayMs(0.9999)).toBe(600_000);
    const seen = new Set(Array.from({ length: 600 }, (_, i) => photoDelayMs(i / 600)));
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((k) => k * 100_000));
    expect(photoDelayMs(0.5, 1_000)).toBe(4_000);
  });

  it('submission needs 2 where photos are taken', () => {
    expect(needsMorePhotos(rulesFromInstitution({}), 0)).toBe(2);
    expect(needsMorePhotos(rulesFromInstitution({}), 1)).toBe(1);
    expect(needsMorePhotos(rulesFromInstitution({}), 3)).toBe(0);
    expect(needsMorePhotos(rulesFromInstitution(institution({ camera: false })), 0)).toBe(0);
  });
});
