// What the preparation page says about proctoring, from the stored institution (spec 3, 6): pure so
// it is unit-tested. Individuals get every check; institution members their institution's settings.
import type { InstitutionDetail } from '../../../contracts/orders.ts';
import { SETTING_FLAGS, type SettingFlag } from '../../../contracts/facts/index.ts';

export type StoredInstitution = InstitutionDetail | Record<string, never>;
type Kind = SettingFlag;
const KINDS: readonly Kind[] = SETTING_FLAGS;

export function isInstitution(i: StoredInstitution): i is InstitutionDetail {
  return 'setting' in i && Boolean(i.setting);
}

/** Spec 4: the video is skipped for individuals and for institutions with no identification check on. */
export function needsTutorial(i: StoredInstitution): boolean {
  return isInstitution(i) && KINDS.some((k) => i.setting.identification[k]);
}

export interface ActiveChecks { photos: boolean; face: boolean; voice: boolean; new_tab: boolean }

/** Which checks run during the test (spec second document, table of user types). */
export function activeChecks(i: StoredInstitution): ActiveChecks {
  if (!isInstitution(i)) return { photos: true, face: true, voice: true, new_tab: true };
  const id = i.setting.identification;
  return { photos: i.active_camera, face: id.face, voice: id.voice, new_tab: id.new_tab };
}

/** The violations that end an institution member's test at 3 (only for checks that are on). */
export function failingKinds(i: StoredInstitution): Kind[] {
  if (!isInstitution(i)) return [];
  return KINDS.filter((k) => i.setting.failed[k] && i.setting.identification[k]);
}
