import { describe, expect, it } from 'vitest';
import type { InstitutionDetail } from '../../../contracts/orders.ts';
import { activeChecks, failingKinds, needsTutorial } from './proctoring-rules.ts';

const institution = (identification: InstitutionDetail['setting']['identification'], failed = { face: true, voice: false, new_tab: true }, camera = true): InstitutionDetail => ({
  id: 'i1', name: 'Lembaga', active_camera: camera, setting: { identification, failed },
});

describe('preparation proctoring rules', () => {
  it('skips the tutorial for individuals and for institutions without identification checks', () => {
    expect(needsTutorial({})).toBe(false);
    expect(needsTutorial(institution({ face: false, voice: false, new_tab: false }))).toBe(false);
    expect(needsTutorial(institution({ face: false, voice: true, new_tab: false }))).toBe(true);
  });

  it('lists every check for individuals and the institution settings otherwise', () => {
    expect(activeChecks({})).toEqual({ photos: true, face: true, voice: true, new_tab: true });
    expect(activeChecks(institution({ face: true, voice: false, new_tab: true }, undefined, false)))
      .toEqual({ photos: false, face: true, voice: false, new_tab: true });
  });

  it('names only the violations that end the test and whose check is on', () => {
    expect(failingKinds({})).toEqual([]);
    expect(failingKinds(institution({ face: false, voice: true, new_tab: true }, { face: true, voice: true, new_tab: true })))
      .toEqual(['voice', 'new_tab']);
  });
});
