import { Link } from 'react-aria-components';
import type { MemberSessionNotice } from '../../../../contracts/admin-sessions.ts';
import type { AppealSummary } from '../../../../contracts/appeals.ts';
import type { OrderListItem } from '../../../../contracts/orders.ts';
import { paths } from '../../../lib/paths.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Disclosure } from '../../../ui/disclosure.tsx';
import { orderStatusLabel } from '../order-status.ts';

const t = messages.licence;

/** One purchased test (spec screen 9): Order ID, purchase date and the start button or its status. */
/** The appeal link of a reviewed attempt: to appeal, to see the appeal, or to read its answer. */
function AppealLink({ appeal }: { appeal: AppealSummary }) {
  const a = messages.appeal;
  if (!appeal.can_appeal && !appeal.appeal_status && !appeal.decision) return null;
  const label = appeal.appeal_status === 'answered' ? a.viewAnswer : appeal.appeal_status ? a.view : appeal.can_appeal ? a.link : a.viewReview;
  return <Link className="btn btn-secondary" href={paths.appeal(appeal.order_id)}>{label}</Link>;
}

/** The session's sentence (WIB), and the opening in the member's own time zone when it is not WIB. */
function SessionWindow({ session }: { session: MemberSessionNotice }) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <p className="order-session" role="note" data-testid="session-window">
      {session.message}
      {zone !== 'Asia/Jakarta' && <> {t.sessionLocalTime(formatDateTime(session.opens_at))}</>}
    </p>
  );
}

export function OrderPanel({ order, number, starting, onStart, appeal, session }: {
  order: OrderListItem;
  number: number;
  /** Issue 17: the attempt's review and appeal state, when it has one. */
  appeal?: AppealSummary | undefined;
  /** Another start is on its way: every start button waits. */
  starting: boolean;
  onStart: (order: OrderListItem) => void;
  /** Issue 30: the member's test-day session, when they are in one. */
  session?: MemberSessionNotice | null;
}) {
  const status = orderStatusLabel(order.status);
  // A session outside its window: the start waits, and the panel says until when and whom to ask.
  const waiting = !status && session && !session.can_start ? session : null;
  return (
    <Disclosure title={t.panelTitle(number)} defaultExpanded={order.status === 'not_started'}>
      <dl className="kv">
        <dt>{t.orderId}</dt>
        <dd data-testid="order-no">{order.order_no}</dd>
        <dt>{t.purchaseDate}</dt>
        <dd><time dateTime={order.created_at}>{formatDate(order.created_at)}</time></dd>
      </dl>
      <div className="panel-actions">
        {status
          ? <>
            <p className={`order-status order-status-${order.status}`}>{status}</p>
            {/* A test cut short (crash, closed tab) goes on where it stopped: the section pages
                move forward past closed sections and the server keeps answers and time. */}
            {order.status === 'in_progress' && <Link className="btn" href={paths.section(order.id, 'listening')}>{t.resume}</Link>}
            {appeal && <AppealLink appeal={appeal} />}
          </>
          : <Button onPress={() => onStart(order)} isDisabled={starting || waiting !== null}>{t.start}</Button>}
      </div>
      {waiting && <SessionWindow session={waiting} />}
    </Disclosure>
  );
}
