// Shipping tracking of a printed certificate (/certificate/:id/tracking, spec screen 17): the
// courier, schedule, addresses and the history as an ordered list, with a back button.
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import type { ShippingTracking } from '../../../../contracts/certificates.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { getTracking } from '../api/certificates-api.ts';
import '../certificates.css';

const t = messages.tracking;

const joined = (...parts: string[]) => parts.filter(Boolean).join(', ');

export function TrackingPage() {
  useDocumentTitle(t.title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [data, setData] = useState<ShippingTracking | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    getTracking(id).then((d) => { if (live) setData(d); }, (err: unknown) => { if (live) setError(apiErrorText(err)); });
    return () => { live = false; };
  }, [id]);

  const courier = data ? joined(data.courier.company, data.courier.type.toUpperCase()) : '';
  const courierContact = data ? joined(data.courier.name, data.courier.phone) : '';
  return (
    <section className="card card-wide stack" aria-labelledby="tracking-title" aria-busy={!data && !error}>
      <div><Button variant="secondary" onPress={() => void navigate(paths.reward)}>{t.back}</Button></div>
      <h1 id="tracking-title">{t.title}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      {!data && !error && <p>{messages.app.loading}</p>}
      {data && (
        <>
          <dl className="kv">
            <dt>{t.orderNo}</dt><dd>{data.order_no}</dd>
            <dt>{t.waybill}</dt><dd data-testid="tracking-waybill">{data.waybill_id ?? messages.certificates.noWaybill}</dd>
            <dt>{t.status}</dt><dd data-testid="tracking-status">{messages.certificates.shipping[data.status]}</dd>
            <dt>{t.courier}</dt><dd>{courier || messages.certificates.none}</dd>
            {courierContact && <><dt>{t.courierContact}</dt><dd>{courierContact}</dd></>}
            {data.courier.link && <><dt>{t.courierLink}</dt><dd><Link href={data.courier.link} target="_blank" rel="noopener noreferrer">{data.courier.tracking_id || data.courier.link}</Link></dd></>}
            <dt>{t.planned}</dt><dd>{formatDateTime(data.planned_ship_at)}</dd>
            {data.delivery.datetime && <><dt>{t.delivered}</dt><dd>{formatDateTime(data.delivery.datetime)}</dd></>}
            <dt>{t.destination}</dt><dd>{joined(data.destination.contact_name, data.destination.address, data.destination.postal_code, data.destination.contact_phone)}</dd>
            <dt>{t.origin}</dt><dd>{joined(data.origin.contact_name, data.origin.address)}</dd>
            <dt>{t.items}</dt><dd>{data.items.map((i) => `${i.quantity} × ${i.name}`).join(', ') || messages.certificates.none}</dd>
          </dl>
          <p className="field-help">{t.plannedNote}</p>
          <h2>{t.history}</h2>
          {data.history.length === 0 ? <p>{t.noHistory}</p> : (
            <ol className="tracking-history" data-testid="tracking-history">
              {data.history.map((h, i) => (
                <li key={`${h.updated_at}-${i}`}>
                  <time dateTime={h.updated_at}>{formatDateTime(h.updated_at)}</time>
                  {' - '}<span>{h.note}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
