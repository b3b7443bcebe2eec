// Parsing of institution proctoring settings given on the command line or as JSON. The spec shows
// two readings (`setting.failed.voice` and a legacy `setting.violation.voice`); both are accepted on
// input and stored in one shape.
import type { InstitutionSettings } from '../../db/schema/index.ts';
import { UsageError } from '../admin-command.ts';
import { SETTING_FLAGS, type ProctoringFlags } from '../../../contracts/facts/index.ts';

/** 'face,new_tab' -> {face:true, voice:false, new_tab:true}; 'none' -> all false. */
export function parseFlagList(value: string, option: string): ProctoringFlags {
  const items = value === 'none' ? [] : value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const i of items) {
    if (!(SETTING_FLAGS as readonly string[]).includes(i)) throw new UsageError(`${option}: unknown check '${i}' (use ${SETTING_FLAGS.join(', ')} or none)`);
  }
  return Object.fromEntries(SETTING_FLAGS.map((f) => [f, items.includes(f)])) as ProctoringFlags;
}

/** Reads `{identification, failed}` JSON, also the legacy `{violation: {voice}}` form. */
export function parseSettingsJson(text: string, base: InstitutionSettings): InstitutionSettings {
  let raw: unknown;
  try { raw = JSON.parse(text); } catch { throw new UsageError('--settings-json is not valid JSON'); }
  if (!raw || typeof raw !== 'object') throw new UsageError('--settings-json must be an object');
  const r = raw as Record<string, unknown>;
  const setting = (r.setting && typeof r.setting === 'object' ? r.setting : r) as Record<string, unknown>;
  const pick = (src: unknown, into: ProctoringFlags, name: string): ProctoringFlags => {
    if (src === undefined) return into;
    if (!src || typeof src !== 'object') throw new UsageError(`${name} must be an object`);
    const out = { ...into };
    for (const [k, v] of Object.entries(src)) {
      if (!(SETTING_FLAGS as readonly string[]).includes(k)) throw new UsageError(`${name}.${k} is not a known check`);
      if (typeof v !== 'boolean') throw new UsageError(`${name}.${k} must be true or false`);
      out[k as keyof ProctoringFlags] = v;
    }
    return out;
  };
  const identification = pick(setting.identification, base.identification, 'identification');
  let failed = pick(setting.failed, base.failed, 'failed');
  const violation = setting.violation as Record<string, unknown> | undefined;
  if (violation && typeof violation.voice === 'boolean' && (setting.failed as Record<string, unknown> | undefined)?.voice === undefined) {
    failed = { ...failed, voice: violation.voice };
  }
  return { identification, failed };
}
