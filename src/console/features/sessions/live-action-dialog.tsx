// A proctor's action from the live view (issue 30), always with a reason for the audit log: for one
// member extra minutes, a re-entry or a message; for the session a message to all or the end.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { MAX_LIVE_EXTRA_MINUTES, MAX_SESSION_MESSAGE, type LiveMember } from '../../../../contracts/facts/index.ts';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { allowReentry, endSession, giveExtraTime, sendMessage } from './api/sessions-api.ts';

const t = staffSessionMessages.live;

export type LiveActionTarget = { kind: 'member'; member: LiveMember } | { kind: 'session-message' } | { kind: 'end' };
type MemberAction = 'extra' | 'reentry' | 'message';

export function LiveActionDialog({ sessionId, target, onClose, onDone }: {
  sessionId: string; target: LiveActionTarget; onClose: () => void; onDone: (message: string) => void;
}) {
  const [action, setAction] = useState<MemberAction>('extra');
  const [minutes, setMinutes] = useState('5');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsText = target.kind === 'session-message' || (target.kind === 'member' && action === 'message');
  const needsMinutes = target.kind === 'member' && action === 'extra';
  const title = target.kind === 'member' ? t.actionsFor(target.member.fullname) : target.kind === 'end' ? t.end : t.messageAll;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const n = Number(minutes);
    if (needsMinutes && !(Number.isInteger(n) && n >= 1 && n <= MAX_LIVE_EXTRA_MINUTES)) found.minutes = `1–${MAX_LIVE_EXTRA_MINUTES}`;
    if (needsText && text.trim() === '') found.text = t.textRequired;
    if (reason.trim() === '') found.reason = t.reasonRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      let message: string;
      if (target.kind === 'end') message = await endSession(sessionId, reason.trim());
      else if (target.kind === 'session-message') message = await sendMessage(sessionId, text.trim(), reason.trim());
      else if (action === 'extra') message = await giveExtraTime(sessionId, target.member.user_id, n, reason.trim());
      else if (action === 'reentry') message = await allowReentry(sessionId, target.member.user_id, reason.trim());
      else message = await sendMessage(sessionId, text.trim(), reason.trim(), target.member.user_id);
      onDone(message);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={title} isOpen onClose={onClose}>
      <Form className="stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
        {target.kind === 'member' && (
          <RadioGroup label={t.choose} value={action} onChange={(v) => setAction(v as MemberAction)}
            options={[{ value: 'extra', label: t.extraTime }, { value: 'reentry', label: t.reentry }, { value: 'message', label: t.message }]} />
        )}
        {target.kind === 'end' && <p>{t.endHint}</p>}
        {needsMinutes && <TextField label={t.minutes} type="number" inputMode="numeric" min="1" max={String(MAX_LIVE_EXTRA_MINUTES)} value={minutes} onChange={setMinutes} errorMessage={errors.minutes} />}
        {needsText && <TextField label={t.text} multiline maxLength={MAX_SESSION_MESSAGE} value={text} onChange={setText} errorMessage={errors.text} />}
        <TextField label={t.reason} value={reason} onChange={setReason} maxLength={500} errorMessage={errors.reason} />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t.cancel}</Button>
          <Button type="submit" isDisabled={busy}>{target.kind === 'end' ? t.endConfirm : t.confirm}</Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
