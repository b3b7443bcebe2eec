// The live view's feed: each flag, return, message and proctor action as it happens, newest first,
// in the catalogue's words (contracts/facts/sessions.ts).
import { LIVE_EVENT_TEXTS, LIVE_FLAG_LABELS, type LiveEvent, type LiveFlagKind } from '../../../../contracts/facts/index.ts';
import type { FeedEntry } from './live-model.ts';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { formatWibTime } from '../../lib/format.ts';

const t = staffSessionMessages.live;

export function eventText(e: LiveEvent): string {
  const d = e.data;
  switch (e.kind) {
    case 'flag': return LIVE_EVENT_TEXTS.flag(LIVE_FLAG_LABELS[d.flag as LiveFlagKind] ?? String(d.flag));
    case 'returned': return LIVE_EVENT_TEXTS.returned(Number(d.seconds ?? 0));
    case 'deadline': return LIVE_EVENT_TEXTS.deadline(Number(d.minutes ?? 0));
    case 'section_start': return LIVE_EVENT_TEXTS.section_start(staffSessionMessages.states[d.section as 'listening'] ?? String(d.section));
    case 'section_end': return LIVE_EVENT_TEXTS.section_end(staffSessionMessages.states[d.section as 'listening'] ?? String(d.section));
    case 'message': return `${LIVE_EVENT_TEXTS.message}: ${String(d.text ?? '')}`;
    case 'login': case 'device_check': case 'break_start': case 'finished': case 'disqualified': case 'reentry': case 'session_end':
      return LIVE_EVENT_TEXTS[e.kind];
    default: return '';
  }
}

export function FeedList({ feed, names }: { feed: FeedEntry[]; names: Map<string, string> }) {
  return (
    <aside className="live-feed" aria-labelledby="live-feed-title">
      <h2 id="live-feed-title">{t.feed}</h2>
      {feed.length === 0 ? <p className="live-sub">{t.feedEmpty}</p> : (
        <ol aria-label={t.feedLabel} data-testid="live-feed">
          {[...feed].reverse().slice(0, 100).map((e, i) => (
            <li key={e.id ?? `b${i}`} data-kind={e.kind} data-user={e.user_id ?? undefined} data-delay-ms={e.delayMs}>
              <time dateTime={e.at}>{formatWibTime(e.at)}</time>{' '}
              {e.user_id ? <strong>{names.get(e.user_id) ?? ''}</strong> : null}{e.user_id ? ' ' : ''}{eventText(e)}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
