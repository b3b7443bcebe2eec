// One privacy request with its log: what was asked, by whom and why, what was removed and kept, the
// receipt and where it went, and each step (requested, completed, receipt sent and re-sent).
import { useEffect, useState } from 'react';
import { privacyStaffMessages as t } from '../../../i18n/staff-privacy-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { getPrivacyRequest, type PrivacyRequestDetail } from './api/privacy-api.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { receiptText } from './privacy-requests-table.tsx';
import './privacy.css';

/** Who did a step: a staff e-mail, the member for their own request, nobody named for the mail. */
const byText = (e: PrivacyRequestDetail['log'][number]) =>
  (e.by ? ` (${e.by})` : e.event === 'requested' || e.event === 'completed' ? ` (${t.byMember})` : '');

function Fields({ r }: { r: PrivacyRequestDetail }) {
  const f = t.fields;
  const rows: [string, string][] = [
    [f.member, `${r.member.fullname || '–'} (${r.member.email})`],
    [f.kind, t.kinds[r.kind]],
    [f.channel, t.channels[r.channel]],
    [f.status, t.statuses[r.status]],
    [f.requested, formatStaffDateTime(r.requested_at)],
    [f.completed, formatStaffDateTime(r.completed_at)],
    ...(r.staff_email ? [[f.by, r.staff_email]] as [string, string][] : []),
    ...(r.note ? [[f.note, r.note]] as [string, string][] : []),
    ...(r.kind === 'deletion' ? [
      [f.removed, r.removed.join(', ') || '–'], [f.kept, r.kept.join(', ') || '–'], [f.photos, String(r.photos_deleted ?? 0)],
      [f.receiptTo, `${r.receipt_to ?? '–'} · ${receiptText(r)}`],
    ] as [string, string][] : []),
  ];
  return (
    <dl className="staff-fields">
      {rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
    </dl>
  );
}

export function RequestLogDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<PrivacyRequestDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setDetail(null);
    setError(null);
    getPrivacyRequest(id).then((d) => { if (live) setDetail(d); }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [id]);
  return (
    <ModalDialog title={t.logTitle} isOpen={id !== null} onClose={onClose}>
      {error && <Alert tone="error">{error}</Alert>}
      {!detail && !error && <p>{staffMessages.app.loading}</p>}
      {detail && (
        <>
          <Fields r={detail} />
          <ol className="staff-log" aria-label={t.logTitle}>
            {detail.log.map((e, i) => (
              <li key={i}>{formatStaffDateTime(e.at)}: {t.events[e.event]}{byText(e)}</li>
            ))}
          </ol>
          {detail.receipt && <p className="staff-receipt"><strong>{t.fields.receipt}:</strong> <code>{detail.receipt}</code></p>}
        </>
      )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t.close}</Button>
      </div>
    </ModalDialog>
  );
}
