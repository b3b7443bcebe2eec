// Which device checks are required (spec 6): individuals get every check; institution members what
// their institution switched on.
import type { InstitutionDetail } from '../../../contracts/orders.ts';

export type StoredInstitution = InstitutionDetail | Record<string, never>;

export interface Requirements {
  /** The camera must work (individuals; institutions with active_camera). Else 'Kamera tidak di wajibkan'. */
  camera: boolean;
  /** Face detection runs during the test, so the check must see exactly one face. */
  face: boolean;
  /** Speech detection runs during the test, so the check waits for speech. */
  voice: boolean;
}

/** Spec 6: individuals get every check; institution members what their institution switched on. */
export function requirementsFor(institution: StoredInstitution): Requirements {
  if (!('setting' in institution) || !institution.setting) return { camera: true, face: true, voice: true };
  const id = institution.setting.identification;
  return { camera: institution.active_camera, face: institution.active_camera && id.face, voice: id.voice };
}
