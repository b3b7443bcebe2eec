import { useState } from 'react';
import type { CompanyDetail } from '../../../../contracts/orders.ts';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';

const t = messages.licence;
const MAINTENANCE_IMAGE = '/images/maintenance.svg';

/**
 * Company dialogs on the test list (spec screen 9): maintenance blocks the page (no way to close it)
 * with the operator's maintenance pictures, or the default one; otherwise an active announcement
 * shows its images until closed.
 */
export function CompanyDialogs({ company }: { company: CompanyDetail | null }) {
  const [announcementClosed, setAnnouncementClosed] = useState(false);
  if (!company) return null;
  if (company.maintenance) {
    const images = company.settings.maintenance.images;
    return (
      <ModalDialog title={t.maintenanceTitle} isOpen role="alertdialog">
        {images.length === 0
          ? <img className="dialog-image" src={MAINTENANCE_IMAGE} alt={t.maintenanceAlt} width={480} height={300} />
          : images.map((img, i) => <img key={img.url} className="dialog-image" src={img.url} alt={i === 0 ? t.maintenanceAlt : t.maintenanceImageAlt(i + 1)} />)}
      </ModalDialog>
    );
  }
  const { is_active, images } = company.settings.announcement;
  return (
    <ModalDialog title={t.announcementTitle} isOpen={is_active && images.length > 0 && !announcementClosed}
      onClose={() => setAnnouncementClosed(true)}>
      {images.map((img, i) => (
        <img key={img.url} className="dialog-image" src={img.url} alt={t.announcementAlt(i + 1)} />
      ))}
      <div className="dialog-actions">
        <Button onPress={() => setAnnouncementClosed(true)}>{t.close}</Button>
      </div>
    </ModalDialog>
  );
}
