// /admin/sessions/:id/live (issue 30): one row per member with their state (time left in a section,
// offline for N s), the last heartbeat and their flags, pushed by the server as they happen; counts
// and filters at the top, the recent flags beside; actions per member (extra minutes, re-entry, a
// message) and for the session (a message to all, the end), each with a reason.
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useParams } from 'react-router';
import { offlineSeconds, type LiveMember } from '../../../../contracts/facts/index.ts';
import type { TestSession } from '../../../../contracts/admin-sessions.ts';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { formatWibDateTime, formatWibTime } from '../../lib/format.ts';
import type { Notice } from '../../lib/notice.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { LiveActionDialog, type LiveActionTarget } from './live-action-dialog.tsx';
import { FeedList } from './live-feed.tsx';
import { flagCount, groupCounts, initialLive, liveReducer, visibleRows, type StateGroup } from './live-model.ts';
import { openLiveStream, type LiveConnection } from './live-stream.ts';
import './sessions.css';

const t = staffSessionMessages.live;
const GROUP_LABELS: Record<StateGroup, string> = t.groups;

/** Ticks once a second (time left, offline for N s) on the server's clock. */
function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function StateCell({ row, now }: { row: LiveMember; now: number }) {
  const off = offlineSeconds(row, now);
  const label = staffSessionMessages.states[row.state];
  return (
    <>
      <span className={`live-state live-state-${row.state}`} data-state={row.state}>{label}</span>
      {row.deadline_at && <span className="live-sub"> · {t.timeLeft(mmss(Date.parse(row.deadline_at) - now))}</span>}
      {row.state === 'break' && row.break_ends_at && <span className="live-sub"> · {t.breakUntil(formatWibTime(row.break_ends_at))}</span>}
      {off !== null && <span className="live-offline" data-testid="offline"> · {t.offline(off)}</span>}
    </>
  );
}

function FlagsCell({ row }: { row: LiveMember }) {
  if (flagCount(row) === 0) return <span className="live-sub">{t.noFlags}</span>;
  return (
    <ul className="live-flags">
      {(['tab', 'face', 'speech', 'gap'] as const).filter((k) => row.flags[k] > 0).map((k) => (
        <li key={k} data-flag={k}>{staffSessionMessages.flags[k]}: {row.flags[k]}</li>
      ))}
    </ul>
  );
}

/** The window, when it ended early, and the proctors the session was given (by name). */
function SessionFacts({ session, endedAt }: { session: TestSession; endedAt: string | null }) {
  return (
    <>
      <p className="live-sub">
        {staffSessionMessages.list.window(formatWibDateTime(session.opens_at), formatWibTime(session.last_start_at), formatWibTime(session.closes_at))}
        {endedAt && ` · ${t.endedAt(formatWibTime(endedAt))}`}
      </p>
      {session.proctors.length > 0 && (
        <p className="live-sub" data-testid="session-proctors">{t.proctors(session.proctors.map((p) => p.name || p.email).join(', '))}</p>
      )}
    </>
  );
}

export function SessionLivePage() {
  const { id = '' } = useParams();
  const [model, dispatch] = useReducer(liveReducer, initialLive);
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  const [failure, setFailure] = useState<string | null>(null);
  const [group, setGroup] = useState<StateGroup>('all');
  const [flagged, setFlagged] = useState(false);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<LiveActionTarget | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const now = useServerNow(model.offsetMs);
  const session = model.snapshot?.session;
  useStaffTitle(session ? t.title(session.name) : staffSessionMessages.list.title);

  useEffect(() => openLiveStream(id, {
    snapshot: (snapshot, receivedAt) => dispatch({ type: 'snapshot', snapshot, receivedAt }),
    event: (event) => dispatch({ type: 'event', event, receivedAt: Date.now() }),
    connection: setConnection,
    failed: (_status, message) => setFailure(message),
  }), [id]);

  const counts = useMemo(() => groupCounts(model.members, now), [model.members, now]);
  const rows = useMemo(() => visibleRows(model.members, { group, flagged, search }, now), [model.members, group, flagged, search, now]);
  const names = useMemo(() => new Map(model.members.map((m) => [m.user_id, m.fullname])), [model.members]);

  if (failure) return <section className="stack"><h1>{staffSessionMessages.list.title}</h1><Alert tone="error">{failure}</Alert></section>;
  return (
    <section className="stack live-page" aria-labelledby="live-title">
      <div className="live-head">
        <h1 id="live-title">{session ? t.title(session.name) : t.connection.connecting}</h1>
        <a className="nav-back" href={staffPaths.sessions}>{t.back}</a>
      </div>
      <p role="status" className={`live-connection live-connection-${connection}`} data-connection={connection}>{t.connection[connection]}</p>
      {session && <SessionFacts session={session} endedAt={model.endedAt} />}
      <div className="live-session-actions">
        <Button variant="secondary" isDisabled={!session} onPress={() => setTarget({ kind: 'session-message' })}>{t.messageAll}</Button>
        <Button variant="secondary" isDisabled={!session || model.endedAt !== null} onPress={() => setTarget({ kind: 'end' })}>{t.end}</Button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="staff-filters live-filters" role="group" aria-label={t.filters}>
        <RadioGroup label={t.stateFilter} value={group} onChange={(v) => setGroup(v as StateGroup)}
          options={(Object.keys(GROUP_LABELS) as StateGroup[]).map((g) => ({ value: g, label: `${GROUP_LABELS[g]} (${counts[g]})` }))} />
        <Checkbox isSelected={flagged} onChange={setFlagged}>{t.flaggedOnly}</Checkbox>
        <TextField label={t.search} type="search" value={search} onChange={setSearch} />
      </div>
      <div className="live-body">
        <div className="staff-table-wrap">
          <table className="staff-table live-table" aria-label={t.tableLabel}>
            <thead>
              <tr>{(['member', 'state', 'heartbeat', 'flags', 'actions'] as const).map((c) => <th key={c} scope="col">{t.columns[c]}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.user_id} data-member={r.email}>
                  <th scope="row"><span>{r.fullname}</span><br /><span className="live-sub">{r.email}</span></th>
                  <td><StateCell row={r} now={now} /></td>
                  <td>{r.last_beat_at ? t.beatAgo(Math.max(0, Math.floor((now - Date.parse(r.last_beat_at)) / 1000))) : t.noBeat}</td>
                  <td><FlagsCell row={r} /></td>
                  <td><Button variant="secondary" aria-label={t.actionsFor(r.fullname)} onPress={() => setTarget({ kind: 'member', member: r })}>{staffSessionMessages.live.columns.actions}</Button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <FeedList feed={model.feed} names={names} />
      </div>
      {target && session && (
        <LiveActionDialog sessionId={session.id} target={target} onClose={() => setTarget(null)}
          onDone={(text) => { setTarget(null); setNotice({ tone: 'success', text }); }} />
      )}
    </section>
  );
}
