// A printed certificate's shipment, by order number: its status and history, and an update
// (status, waybill, courier, note) that appends to the history.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { shipmentStatusSchema } from '../../../../contracts/certificates.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { getShipment, updateShipment, type Shipment } from './api/operator-api.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { withNotice, type Notice } from '../../lib/notice.ts';

const s = t.shipments;
type Status = Shipment['status'];

function ShipmentUpdateForm({ shipment, onSaved }: { shipment: Shipment; onSaved: (next: Shipment, message: string) => void }) {
  const [form, setForm] = useState({ status: shipment.status as Status, waybill: shipment.waybill_id ?? '', courier: shipment.courier_company, note: '' });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    await withNotice(setNotice, async () => {
      const r = await updateShipment(shipment.order_no, {
        status: form.status, note: form.note.trim(),
        ...(form.waybill.trim() ? { waybill: form.waybill.trim() } : {}),
        ...(form.courier.trim() ? { courier_company: form.courier.trim() } : {}),
      });
      onSaved(r.data, r.message);
      return r.message;
    });
    setBusy(false);
  }
  return (
    <Form className="stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      <RadioGroup label={s.status} value={form.status} onChange={(v) => setForm({ ...form, status: v as Status })}
        options={shipmentStatusSchema.options.map((v) => ({ value: v, label: s.statuses[v] }))} />
      <div className="staff-filters">
        <TextField label={s.waybill} value={form.waybill} onChange={(waybill) => setForm({ ...form, waybill })} maxLength={64} />
        <TextField label={s.courier} value={form.courier} onChange={(courier) => setForm({ ...form, courier })} maxLength={100} />
        <TextField label={s.note} value={form.note} onChange={(note) => setForm({ ...form, note })} maxLength={500} />
      </div>
      {notice?.tone === 'error' && <Alert tone="error">{notice.text}</Alert>}
      <div className="form-actions"><Button type="submit" isDisabled={busy}>{s.save}</Button></div>
    </Form>
  );
}

export function ShipmentPanel() {
  const [orderNo, setOrderNo] = useState('');
  const [shipment, setShipment] = useState<Shipment | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  async function open(e: FormEvent) {
    e.preventDefault();
    if (!orderNo.trim()) return;
    setShipment(null);
    setNotice(null);
    await withNotice((n) => { if (n?.tone === 'error') setNotice(n); }, async () => { setShipment(await getShipment(orderNo.trim())); return ''; });
  }
  return (
    <section className="stack staff-panel" aria-labelledby="shipment-title">
      <h2 id="shipment-title">{s.title}</h2>
      <Form className="staff-filters" onSubmit={(e) => void open(e)}>
        <TextField label={s.orderNo} value={orderNo} onChange={setOrderNo} maxLength={64} />
        <Button type="submit">{s.open}</Button>
      </Form>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {shipment && (
        <>
          <p><strong>{s.current(s.statuses[shipment.status])}</strong>{shipment.waybill_id ? ` · ${s.waybill}: ${shipment.waybill_id}` : ''}</p>
          <h3>{s.history}</h3>
          <ol>{shipment.history.map((h, n) => <li key={n}>{formatStaffDateTime(h.updated_at)}: {s.statuses[h.status]}{h.note && h.note !== h.status ? ` (${h.note})` : ''}</li>)}</ol>
          <ShipmentUpdateForm key={shipment.updated_at} shipment={shipment}
            onSaved={(next, message) => { setShipment(next); setNotice({ tone: 'success', text: message }); }} />
        </>
      )}
    </section>
  );
}
