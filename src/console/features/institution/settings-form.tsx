// The rules' form: the camera, which checks run, which end the test at the limit. A check that does
// not run cannot end the test (the shared rule), so its "gugur" box is off and disabled.
import { SETTING_FLAGS, type InstitutionProctoring, type SettingFlag } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';

const t = staffMessages.settings;

/** The settings after one box changed (turning a check off also clears its "gugur"). */
export function toggled(s: InstitutionProctoring, group: 'identification' | 'failed', flag: SettingFlag, on: boolean): InstitutionProctoring {
  const setting = { identification: { ...s.setting.identification }, failed: { ...s.setting.failed } };
  setting[group][flag] = on;
  if (group === 'identification' && !on) setting.failed[flag] = false;
  return { ...s, setting };
}

export function SettingsForm({ value, onChange, readOnly }: { value: InstitutionProctoring; onChange: (v: InstitutionProctoring) => void; readOnly: boolean }) {
  return (
    <div className="stack">
      <Checkbox isSelected={value.active_camera} isDisabled={readOnly} onChange={(on) => onChange({ ...value, active_camera: on })}>
        {t.camera}
      </Checkbox>
      <fieldset className="staff-fieldset">
        <legend>{t.identificationTitle}</legend>
        {SETTING_FLAGS.map((flag) => (
          <Checkbox key={flag} isSelected={value.setting.identification[flag]} isDisabled={readOnly}
            onChange={(on) => onChange(toggled(value, 'identification', flag, on))}>
            {t.flags[flag]}
          </Checkbox>
        ))}
      </fieldset>
      <fieldset className="staff-fieldset">
        <legend>{t.failedTitle}</legend>
        {SETTING_FLAGS.map((flag) => {
          const off = !value.setting.identification[flag];
          return (
            <Checkbox key={flag} isSelected={value.setting.failed[flag] && !off} isDisabled={readOnly || off}
              onChange={(on) => onChange(toggled(value, 'failed', flag, on))}>
              {t.flags[flag]}{off ? ` (${t.failedOffHint})` : ''}
            </Checkbox>
          );
        })}
      </fieldset>
    </div>
  );
}
