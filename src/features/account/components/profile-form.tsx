import { useAtomValue, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { MemberDetail } from '../../../../contracts/auth.ts';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { apiErrorText, getMemberDetail } from '../../../lib/session-api.ts';
import { isSafeRedirect, mergeDetail, redirectPathAtom, sessionAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { updateProfile, updateResidentialAddress } from '../api/account-api.ts';
import {
  capitalizeWords, DOB_PICKER_MIN, todayIso, validateProfile, type ProfileErrors, type ProfileValues,
} from '../validation.ts';

const t = messages.profile;
export const SAVED_REDIRECT_MS = 3_000;
export const ERROR_HIDE_MS = 5_000;

function toValues(d: MemberDetail): ProfileValues {
  return {
    fullname: d.fullname, date_of_birth: d.date_of_birth, place_of_birth: d.place_of_birth,
    phone: d.phone_number, residential_address: d.meta.residential_address, email: d.email,
  };
}

/** Which fields may be edited: all before the one-time save, afterwards only an empty phone or address. */
export function editableFields(d: MemberDetail): Set<keyof ProfileValues> {
  if (!d.is_updated_profile) return new Set(['fullname', 'date_of_birth', 'place_of_birth', 'phone', 'residential_address']);
  const s = new Set<keyof ProfileValues>();
  if (!d.phone_number.trim()) s.add('phone');
  if (!d.meta.residential_address.trim()) s.add('residential_address');
  return s;
}

/** Personal Information tab (spec 4, 5, 8): one confirmed save, then /epot after 3 seconds. */
export function ProfileForm() {
  const setSession = useSetAtom(sessionAtom);
  const [detail, setDetail] = useState<MemberDetail | null>(null);
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [touched, setTouched] = useState<Partial<Record<keyof ProfileValues, boolean>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    getMemberDetail().then((d) => { if (live) { setDetail(d); setValues(toValues(d)); } },
      (e: unknown) => { if (live) setError(apiErrorText(e)); });
    return () => { live = false; };
  }, []);

  useHideError(error, detail, setError);
  useLeaveAfterSave(saved);

  if (!detail || !values) {
    return error ? <Alert tone="error">{error}</Alert> : <p role="status">{messages.app.loading}</p>;
  }

  const editable = editableFields(detail);
  const all = validateProfile(values);
  const errors: ProfileErrors = Object.fromEntries([...editable].map((k) => [k, all[k]]));
  const invalid = Object.values(errors).some(Boolean);
  const field = fieldPropsOf({ values, setValues, touched, setTouched, editable, errors, saved });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (invalid) {
      setTouched(Object.fromEntries([...editable].map((k) => [k, true])));
      setError(t.checkData);
      return;
    }
    setConfirming(true);
  }

  async function save() {
    if (!detail || !values) return;
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const next = await saveProfile(detail, values, editable);
      setSession((s) => s && { ...s, user: mergeDetail(s.user, next) });
      setDetail(next);
      setValues(toValues(next));
      setSaved(true);
    } catch (err) {
      setError(apiErrorText(err) || t.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="field-help">{t.onceNote}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {saved && <Alert tone="success">{t.saved}</Alert>}
      <Form onSubmit={submit} validationBehavior="aria">
        <ProfileFields field={field} />
        {editable.size > 0 && !saved && <div className="sticky-actions"><Button type="submit" isDisabled={invalid || busy}>{t.save}</Button></div>}
      </Form>
      <ConfirmSave isOpen={confirming} onClose={() => setConfirming(false)} onConfirm={() => void save()} />
    </>
  );
}

interface FieldState {
  values: ProfileValues;
  setValues: Dispatch<SetStateAction<ProfileValues | null>>;
  touched: Partial<Record<keyof ProfileValues, boolean>>;
  setTouched: Dispatch<SetStateAction<Partial<Record<keyof ProfileValues, boolean>>>>;
  editable: Set<keyof ProfileValues>;
  errors: ProfileErrors;
  saved: boolean;
}

/** The props of one text field: its value, its edits (names capitalised), and its error once touched. */
function fieldPropsOf({ values, setValues, touched, setTouched, editable, errors, saved }: FieldState) {
  const set = (k: keyof ProfileValues) => (v: string) =>
    setValues((s) => s && ({ ...s, [k]: k === 'fullname' ? capitalizeWords(v) : v }));
  return (k: keyof ProfileValues) => ({
    value: values[k],
    onChange: set(k),
    onBlur: () => setTouched((s) => ({ ...s, [k]: true })),
    isReadOnly: !editable.has(k) || saved,
    isRequired: editable.has(k),
    errorMessage: touched[k] ? errors[k] : undefined,
  });
}

type FieldProps = ReturnType<ReturnType<typeof fieldPropsOf>>;

function ProfileFields({ field }: { field: (k: keyof ProfileValues) => FieldProps }) {
  return (
    <>
      <TextField label={t.fullname} name="fullname" autoComplete="name" {...field('fullname')} />
      <TextField label={t.dateOfBirth} name="date_of_birth" type="date" min={DOB_PICKER_MIN} max={todayIso()}
        description={t.dateHint} {...field('date_of_birth')} />
      <TextField label={t.placeOfBirth} name="place_of_birth" {...field('place_of_birth')} />
      <TextField label={t.phone} name="phone" type="tel" autoComplete="tel" {...field('phone')} />
      <TextField label={t.address} name="residential_address" autoComplete="street-address" multiline
        {...field('residential_address')} />
      <TextField label={t.email} name="email" type="email" {...field('email')} isReadOnly />
    </>
  );
}

/** The one-time save (all fields), or afterwards the phone and address that were still empty. */
function saveProfile(detail: MemberDetail, values: ProfileValues, editable: Set<keyof ProfileValues>): Promise<MemberDetail> {
  if (detail.is_updated_profile) {
    return updateResidentialAddress({
      ...(editable.has('phone') ? { phone: values.phone.trim() } : {}),
      ...(editable.has('residential_address') ? { residential_address: values.residential_address.trim() } : {}),
    });
  }
  return updateProfile({
    fullname: values.fullname.trim(), date_of_birth: values.date_of_birth, place_of_birth: values.place_of_birth.trim(),
    phone: values.phone.trim(), meta: { residential_address: values.residential_address.trim() },
  });
}

/** Spec 9: a save error disappears after 5 seconds (a load error stays: there is no form). */
function useHideError(error: string | null, detail: MemberDetail | null, setError: (e: null) => void): void {
  useEffect(() => {
    if (!error || !detail) return;
    const id = setTimeout(() => setError(null), ERROR_HIDE_MS);
    return () => clearTimeout(id);
  }, [error, detail, setError]);
}

/** Spec 9: /epot 3 seconds after a save; a path remembered before login wins, as after a login. */
function useLeaveAfterSave(saved: boolean): void {
  const navigate = useNavigate();
  const redirect = useAtomValue(redirectPathAtom);
  const setRedirect = useSetAtom(redirectPathAtom);
  useEffect(() => {
    if (!saved) return;
    const id = setTimeout(() => {
      setRedirect(RESET);
      void navigate(redirect && isSafeRedirect(redirect) ? redirect : paths.epot);
    }, SAVED_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [saved, redirect, setRedirect, navigate]);
}

function ConfirmSave({ isOpen, onClose, onConfirm }: { isOpen: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <ModalDialog title={t.confirmTitle} isOpen={isOpen} onClose={onClose} role="alertdialog">
      <p>{t.confirmBody}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t.confirmNo}</Button>
        <Button onPress={onConfirm} autoFocus>{t.confirmYes}</Button>
      </div>
    </ModalDialog>
  );
}
