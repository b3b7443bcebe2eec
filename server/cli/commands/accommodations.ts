// `npm run admin -- accommodations set|show …`: an operator grants a candidate extra time per
// section before the test (issue 18): a factor (×1.25, ×1.5, ×2) and/or extra minutes, and/or a
// break of up to N minutes between sections, or removes it (audited as the shell). The order is
// named by its id or order number, or the member's newest unfinished order by e-mail. The rules live in services/orders/accommodations.ts (shared with a staff route).
import type { TimeAccommodation } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { findAccommodationOrder, setTimeAccommodation, type OrderRef } from '../../services/orders/accommodations.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

const describe = (a: TimeAccommodation | null) =>
  a ? `factor ×${a.factor}, +${a.extra_minutes} minute(s) per section, break up to ${a.break_minutes ?? 0} minute(s) between sections` : 'no extra time';

function orderRef(values: Record<string, string>): OrderRef {
  if (values.order && values.email) throw new UsageError('give --order or --email, not both');
  if (!values.order && !values.email) throw new UsageError('--order ORDER or --email EMAIL is required');
  return values.order ? { order: values.order } : { email: values.email! };
}

function requested(values: Record<string, string>, none: boolean): TimeAccommodation | null {
  if (none) {
    if (values.factor || values.minutes || values.break) throw new UsageError('--none takes no --factor, --minutes or --break');
    return null;
  }
  if (!values.factor && !values.minutes && !values.break) throw new UsageError('--factor, --minutes, --break or --none is required');
  const factor = values.factor === undefined ? 1 : Number(values.factor);
  const minutes = values.minutes === undefined ? 0 : Number(values.minutes);
  const breakMinutes = values.break === undefined ? 0 : Number(values.break);
  if (![factor, minutes, breakMinutes].every(Number.isFinite)) throw new UsageError('--factor, --minutes and --break take numbers');
  return { factor: factor as TimeAccommodation['factor'], extra_minutes: minutes, break_minutes: breakMinutes };
}

export const accommodationsCommand: AdminCommand = {
  name: 'accommodations',
  summary: "grant a candidate extra time per section before the test (the server's deadlines include it)",
  usage: [
    'accommodations set (--order ORDER_NO|ID | --email EMAIL) [--factor 1.25|1.5|2] [--minutes N] [--break MINUTES]',
    'accommodations set (--order ORDER_NO|ID | --email EMAIL) --none',
    'accommodations show (--order ORDER_NO|ID | --email EMAIL)',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'set' && sub !== 'show') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, switches, positional } = parseFlags(rest, { values: ['order', 'email', 'factor', 'minutes', 'break'], switches: ['none'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    const db = ctx.database.db;
    try {
      if (sub === 'show') {
        if (values.factor || values.minutes || values.break || switches.has('none')) throw new UsageError('show takes only --order or --email');
        const order = await findAccommodationOrder(db, orderRef(values));
        ctx.out(`${order.order_no}: ${describe(order.time_accommodation)}`);
        return;
      }
      const wanted = requested(values, switches.has('none'));
      const order = await findAccommodationOrder(db, orderRef(values));
      const updated = await setTimeAccommodation(db, order.id, wanted, { actor: SHELL_ACTOR, now: ctx.clock.now() });
      ctx.out(`${updated.order_no}: ${describe(updated.time_accommodation)}`);
    } catch (e) {
      // The service's refusals are the staff's Indonesian messages; the operator sees them as they are.
      if (e instanceof HttpError) throw new Error(e.message);
      throw e;
    }
  },
};
