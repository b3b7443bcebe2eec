// A member's extra-time accommodations (issue 18): each of the member's tests with what is granted
// and the breaks taken; before a test starts, admins and operators set its factor, extra minutes and
// break minutes (proctors only read). The server checks everything again (services/orders/accommodations.ts).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  accommodationLabel, MAX_BREAK_MINUTES, MAX_EXTRA_MINUTES, TIME_FACTORS, type TimeFactor,
} from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { listAccommodations, saveAccommodation, type MemberOrderAccommodation } from './api/accommodations-api.ts';
import type { AdminMember } from '../../lib/api/members-api.ts';
import { errorText } from '../../lib/api/error-text.ts';
import { formatStaffDateTime } from '../../lib/format.ts';

const t = staffMessages.accommodations;

export function MemberAccommodationsDialog({ member, canChange, onClose }: { member: AdminMember | null; canChange: boolean; onClose: () => void }) {
  const [orders, setOrders] = useState<MemberOrderAccommodation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The dialog still renders while it closes (member already null): it keeps showing the last one.
  const shown = useRef(member);
  if (member) shown.current = member;
  const who = shown.current;
  useEffect(() => {
    if (!member) return;
    setOrders(null);
    setError(null);
    setSaved(null);
    listAccommodations(member.id).then(setOrders, (err: unknown) => setError(errorText(err)));
  }, [member]);
  const replace = (o: MemberOrderAccommodation) => setOrders((list) => list?.map((x) => (x.order_id === o.order_id ? o : x)) ?? null);

  return (
    <ModalDialog title={t.title(who?.fullname || who?.email || '')} isOpen={member !== null} onClose={onClose}>
      <p className="field-help">{t.intro}</p>
      {!canChange && <p>{t.readOnly}</p>}
      {error && <Alert tone="error">{error}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      {orders === null && !error && <p role="status">{t.loading}</p>}
      {orders?.length === 0 && <p>{t.none}</p>}
      {orders?.map((o) => (
        <OrderAccommodation key={o.order_id} order={o} canChange={canChange && o.editable}
          onSaved={(message, updated) => { setSaved(message); replace(updated); }} memberId={who!.id} />
      ))}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t.close}</Button>
      </div>
    </ModalDialog>
  );
}

function OrderAccommodation({ order, memberId, canChange, onSaved }: {
  order: MemberOrderAccommodation; memberId: string; canChange: boolean; onSaved: (message: string, order: MemberOrderAccommodation) => void;
}) {
  const headingId = `accommodation-${order.order_id}`;
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.order(order.order_no, order.status_label)}</h3>
      <p data-testid="accommodation-current">{t.current(accommodationLabel(order.time_accommodation))}</p>
      {order.breaks.length > 0 && (
        <>
          <h4>{t.breaksTitle}</h4>
          <ul>
            {order.breaks.map((b) => (
              <li key={b.after_section}>{t.breakTaken(t.sections[b.after_section] ?? b.after_section, formatStaffDateTime(b.started_at), b.ended_at ? formatStaffDateTime(b.ended_at) : t.ongoing)}</li>
            ))}
          </ul>
        </>
      )}
      {!order.editable && <p>{t.locked}</p>}
      {canChange && <AccommodationForm order={order} memberId={memberId} onSaved={onSaved} />}
    </section>
  );
}

const wholeNumber = (value: string, max: number) => /^\d+$/.test(value.trim()) && Number(value) <= max;

function AccommodationForm({ order, memberId, onSaved }: {
  order: MemberOrderAccommodation; memberId: string; onSaved: (message: string, order: MemberOrderAccommodation) => void;
}) {
  const a = order.time_accommodation;
  const [factor, setFactor] = useState(String(a?.factor ?? 1));
  const [minutes, setMinutes] = useState(String(a?.extra_minutes ?? 0));
  const [breakMinutes, setBreakMinutes] = useState(String(a?.break_minutes ?? 0));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = {
    minutes: wholeNumber(minutes, MAX_EXTRA_MINUTES) ? undefined : t.wholeNumber(MAX_EXTRA_MINUTES),
    breakMinutes: wholeNumber(breakMinutes, MAX_BREAK_MINUTES) ? undefined : t.wholeNumber(MAX_BREAK_MINUTES),
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.minutes || errors.breakMinutes) return;
    setBusy(true);
    setError(null);
    try {
      const res = await saveAccommodation(memberId, order.order_id, {
        factor: Number(factor) as TimeFactor, extra_minutes: Number(minutes), break_minutes: Number(breakMinutes),
      });
      onSaved(res.message, res.order);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} validationBehavior="aria" aria-labelledby={`accommodation-${order.order_id}`}>
      {error && <Alert tone="error">{error}</Alert>}
      <RadioGroup label={t.factor} value={factor} onChange={setFactor}
        options={TIME_FACTORS.map((f) => ({ value: String(f), label: t.factors[String(f)] }))} />
      <TextField label={t.minutes} inputMode="numeric" value={minutes} onChange={setMinutes} description={t.minutesHelp(MAX_EXTRA_MINUTES)}
        errorMessage={touched ? errors.minutes : undefined} />
      <TextField label={t.breakMinutes} inputMode="numeric" value={breakMinutes} onChange={setBreakMinutes} description={t.breakHelp(MAX_BREAK_MINUTES)}
        errorMessage={touched ? errors.breakMinutes : undefined} />
      <div className="form-actions">
        {/* Pending, not disabled: a disabled button would drop focus out of the dialog while saving. */}
        <Button type="submit" isPending={busy}>{t.save}</Button>
      </div>
    </Form>
  );
}
