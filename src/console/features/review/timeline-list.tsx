// The attempt's evidence timeline, oldest first: time (WIB), what happened, its section and details;
// a photo shows as a small thumbnail that opens full size in a dialog (the signed URL is staff-only
// and short-lived). Violations and disqualifications are marked so a reviewer finds them quickly.
import { useState } from 'react';
import type { TimelineEntry, TimelinePhoto } from '../../../../contracts/admin-review.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { formatWibDateTime, formatWibTime } from '../../lib/format.ts';
import { entryText } from './timeline-text.ts';

const t = staffReviewMessages.timeline;
const MARKED = new Set(['violation', 'disqualified', 'away', 'face_episode', 'monitoring']);

interface Open { photo: TimelinePhoto; alt: string }

function PhotoThumb({ photo, alt, onOpen }: { photo: TimelinePhoto; alt: string; onOpen: () => void }) {
  if (photo.deleted || !photo.url) return <p className="muted">{t.photoDeleted}</p>;
  return (
    <Button variant="secondary" className="review-thumb" onPress={onOpen} aria-label={`${t.photo}: ${alt}`}>
      <img src={photo.url} alt="" width={96} height={56} loading="lazy" />
      <span>{t.photo}</span>
    </Button>
  );
}

function EntryItem({ entry, onOpen }: { entry: TimelineEntry; onOpen: (o: Open) => void }) {
  const text = entryText(entry);
  const alt = t.photoAlt(text.title, formatWibTime(entry.at));
  return (
    <li className={`review-entry${MARKED.has(entry.kind) ? ' review-entry-marked' : ''}`} data-kind={entry.kind}>
      <time dateTime={entry.at} title={formatWibDateTime(entry.at)}>{formatWibTime(entry.at)}</time>
      <div>
        <p className="review-entry-title"><strong>{text.title}</strong>{text.section ? ` · ${text.section}` : ''}</p>
        {text.details.map((d) => <p key={d} className="review-entry-detail">{d}</p>)}
        {entry.photo && <PhotoThumb photo={entry.photo} alt={alt} onOpen={() => onOpen({ photo: entry.photo!, alt })} />}
      </div>
    </li>
  );
}

export function TimelineList({ entries }: { entries: TimelineEntry[] }) {
  const [open, setOpen] = useState<Open | null>(null);
  if (entries.length === 0) return <p className="muted">{staffReviewMessages.attempt.timelineEmpty}</p>;
  return (
    <>
      <ol className="review-timeline" data-testid="review-timeline">
        {entries.map((e, i) => <EntryItem key={`${e.at}-${e.kind}-${i}`} entry={e} onOpen={setOpen} />)}
      </ol>
      <ModalDialog title={t.photoTitle} isOpen={open !== null} onClose={() => setOpen(null)}>
        {open?.photo.url && <img className="review-photo-full" src={open.photo.url} alt={open.alt} data-testid="review-photo-full" />}
        <div className="form-actions"><Button onPress={() => setOpen(null)}>{t.close}</Button></div>
      </ModalDialog>
    </>
  );
}
