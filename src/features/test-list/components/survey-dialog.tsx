import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { SurveyMeta } from '../../../../contracts/orders.ts';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  emptySurvey, isSurveyValid, OTHER, OTHER_TEXT_MAX, surveyMeta, validateSurvey, type SurveyValues,
} from '../survey.ts';

const t = messages.survey;
const asOptions = (list: readonly string[]) => list.map((o) => ({ value: o, label: o }));
const jobOptions = asOptions(t.jobs);
const useOptions = asOptions(t.uses);

/**
 * Survey shown with the licence redemption (spec screen 10). Submit stays disabled until the form is
 * valid; errors appear once a field was left; everything resets when the dialog closes.
 */
export function SurveyDialog({ isOpen, busy, onSubmit, onClose }: {
  isOpen: boolean;
  busy: boolean;
  onSubmit: (meta: SurveyMeta) => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog title={t.title} isOpen={isOpen} onClose={busy ? undefined : onClose}>
      {/* Mounted only while open, so closing the dialog resets the form. */}
      {isOpen && <SurveyForm busy={busy} onSubmit={onSubmit} onCancel={onClose} />}
    </ModalDialog>
  );
}

export function SurveyForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit: (meta: SurveyMeta) => void; onCancel: () => void }) {
  const [values, setValues] = useState<SurveyValues>(emptySurvey);
  const [touched, setTouched] = useState<Partial<Record<keyof SurveyValues, boolean>>>({});
  const errors = validateSurvey(values);
  const valid = isSurveyValid(values);
  const set = (k: keyof SurveyValues) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    // A choice counts as answered at once; text fields wait for blur.
    if (k === 'job' || k === 'use') setTouched((s) => ({ ...s, [k]: true }));
  };
  const shown = (k: keyof SurveyValues) => (touched[k] ? errors[k] : undefined);
  const blur = (k: keyof SurveyValues) => () => setTouched((s) => ({ ...s, [k]: true }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid && !busy) onSubmit(surveyMeta(values));
  }

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="survey-form">
      <p className="field-help">{t.intro}</p>
      <RadioGroup label={t.job} name="job" options={jobOptions} value={values.job} onChange={set('job')}
        isRequired errorMessage={shown('job')} />
      {values.job === OTHER && (
        <TextField label={t.jobOther} name="job_other" value={values.jobOther} onChange={set('jobOther')}
          onBlur={blur('jobOther')} maxLength={OTHER_TEXT_MAX} isRequired errorMessage={shown('jobOther')} />
      )}
      <RadioGroup label={t.use} name="certificate_for" options={useOptions} value={values.use} onChange={set('use')}
        isRequired errorMessage={shown('use')} />
      {values.use === OTHER && (
        <TextField label={t.useOther} name="certificate_for_other" value={values.useOther} onChange={set('useOther')}
          onBlur={blur('useOther')} maxLength={OTHER_TEXT_MAX} isRequired errorMessage={shown('useOther')} />
      )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>{t.cancel}</Button>
        <Button type="submit" isDisabled={!valid || busy}>{t.submit}</Button>
      </div>
    </Form>
  );
}
