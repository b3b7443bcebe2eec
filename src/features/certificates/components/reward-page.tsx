// Certificate list (/reward, spec screen 16; individuals only, the route guard sends institution
// members to /epot): order number, end of test, score, the certificate (the PDF opens in a new
// window through media detail's public_url), the waybill (opens tracking) and the shipping status.
// Spec 8: a failed load is only logged.
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import type { CertificateListItem } from '../../../../contracts/certificates.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { getOpenBadge, listCertificates, mediaPublicUrl, type CertificatePage } from '../api/certificates-api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { rewardPageAtom } from '../atoms.ts';
import '../certificates.css';

const t = messages.certificates;

/**
 * Opens the certificate PDF in a new window. The window is opened within the click (so no popup
 * blocker stops it) and sent to the fresh signed URL once the media detail answers.
 */
export async function openCertificate(mediaId: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const url = await mediaPublicUrl(mediaId);
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (err) {
    win?.close();
    throw err;
  }
}

export function RewardPage() {
  useDocumentTitle(messages.menu.reward);
  const [page, setPage] = useAtom(rewardPageAtom);
  const [data, setData] = useState<CertificatePage | null>(null);
  const [loading, setLoading] = useState(true);
  const [openError, setOpenError] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    listCertificates(page)
      .then((d) => {
        if (!live) return;
        // A page that no longer exists (fewer certificates than remembered): back to the last one.
        const last = Math.max(1, Math.ceil(d.total / d.limit));
        if (d.list.length === 0 && page > last) setPage(last);
        else setData(d);
      }, (err: unknown) => console.error('certificate list', err))
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [page, setPage]);

  async function downloadBadge(item: CertificateListItem) {
    setOpenError(false);
    try {
      const badge = await getOpenBadge(item.order_id);
      saveBlob(badge.jwt, badge.file_name, 'application/jwt');
    } catch (err) {
      console.error('open badge download', err);
      setOpenError(true);
    }
  }

  async function view(item: CertificateListItem) {
    if (!item.sertificate) return;
    setOpenError(false);
    try {
      await openCertificate(item.sertificate.media_id);
    } catch (err) {
      console.error('certificate open', err);
      setOpenError(true);
    }
  }

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <section className="card card-wide stack" aria-labelledby="reward-title" aria-busy={loading}>
      <h1 id="reward-title">{t.title}</h1>
      <p className="field-help">{t.intro}</p>
      {openError && <Alert tone="error">{t.openFailed}</Alert>}
      <div className="table-scroll">
        <table className="data-table" data-testid="certificate-table">
          <caption className="visually-hidden">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colOrderNo}</th>
              <th scope="col">{t.colEndTest}</th>
              <th scope="col">{t.colScore}</th>
              <th scope="col">{t.colCertificate}</th>
              <th scope="col">{t.colWaybill}</th>
              <th scope="col">{t.colShipping}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((item) => (
              <CertificateRow key={item.order_id} item={item} onView={() => void view(item)} onBadge={() => void downloadBadge(item)} />
            ))}
          </tbody>
        </table>
      </div>
      {data && data.total === 0 && <p>{t.empty}</p>}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={t.pagination} isDisabled={loading} />
    </section>
  );
}

/** Why there is no certificate yet: held for review (issue 27), refused, or still being made. */
function certificateWait(item: CertificateListItem): string {
  const status = item.evidence_status;
  return status === 'pending_review' || status === 'refused' ? t.evidence[status] : t.processing;
}

function CertificateRow({ item, onView, onBadge }: { item: CertificateListItem; onView: () => void; onBadge: () => void }) {
  return (
    <tr data-testid="certificate-row">
      <th scope="row">{item.order_no}</th>
      <td>{formatDate(item.end_test)}</td>
      <td data-testid="certificate-score">{item.score}</td>
      <td>
        {item.sertificate ? (
          <span className="row-actions">
            <Button variant="secondary" className="btn-small" aria-label={t.viewLabel(item.order_no)} onPress={onView}>
              {t.view}
            </Button>
            <Button variant="secondary" className="btn-small" aria-label={t.badgeLabel(item.order_no)} onPress={onBadge}>
              {t.badge}
            </Button>
          </span>
        ) : (
          <span data-testid="certificate-pending">{certificateWait(item)}</span>
        )}
      </td>
      <td>
        {item.shipping ? (
          <Link href={paths.tracking(item.order_id)} data-testid="waybill-link">
            {item.shipping.waybill_id ?? t.noWaybill}
          </Link>
        ) : t.none}
      </td>
      <td>{item.shipping ? t.shipping[item.shipping.status] : t.none}</td>
    </tr>
  );
}
