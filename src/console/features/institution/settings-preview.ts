// What a candidate of the institution will face, in plain words, computed with the same pure rule
// the server and the candidate app apply (contracts/facts/violations.ts: proctoringRules), so the
// preview cannot say something the test does not do. Example:
// "kamera wajib; tab baru dihitung; gugur pada pelanggaran ke-3 tab baru".
import {
  proctoringRules, VIOLATION_LIMIT, type CounterKind, type InstitutionProctoring,
} from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';

const p = staffMessages.preview;
// Tab first: it is the check every candidate meets; then the camera's and the microphone's.
const ORDER = ['open_new_tab', 'face', 'speech'] as const satisfies readonly CounterKind[];

/** One phrase per rule, in reading order. */
export function previewPhrases(settings: InstitutionProctoring): string[] {
  const rules = proctoringRules(settings);
  const phrases: string[] = [settings.active_camera ? p.cameraOn : p.cameraOff];
  for (const kind of ORDER) {
    const name = p.kinds[kind];
    if (!rules.checks[kind]) { phrases.push(p.notChecked(name)); continue; }
    phrases.push(p.counted(name));
    phrases.push(rules.disqualify_at_limit[kind] ? p.endsAt(name, VIOLATION_LIMIT) : p.warningOnly(name));
  }
  return phrases;
}

/** The phrases as one line. */
export const previewText = (settings: InstitutionProctoring): string => previewPhrases(settings).join('; ');
