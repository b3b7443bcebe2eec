// `npm run admin -- accommodations set|show …`: an operator grants a candidate extra time per
// section before the test (issue 18): a factor (×1.25, ×1.5, ×2) and/or extra minutes, or removes
// it. The order is named by its id or order number, or the member's newest unfinished order by
// e-mail. The rules live in services/orders/accommodations.ts (shared with a staff route).
import type { TimeAccommodation } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { findAccommodationOrder, setTimeAccommodation, type OrderRef } from '../../services/orders/accommodations.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

const describe = (a: TimeAccommodation | null) =>
  a ? `factor ×${a.factor}, +${a.extra_minutes} minute(s) per section` : 'no extra time';

function orderRef(values: Record<string, string>): OrderRef {
  if (values.order && values.email) throw new UsageError('give --order or --email, not both');
  if (!values.order && !values.email) throw new UsageError('--order ORDER or --email EMAIL is required');
  return values.order ? { order: values.order } : { email: values.email! };
}

function requested(values: Record<string, string>, none: boolean): TimeAccommodation | null {
  if (none) {
    if (values.factor || values.minutes) throw new UsageError('--none takes no --factor or --minutes');
    return null;
  }
  if (!values.factor && !values.minutes) throw new UsageError('--factor, --minutes or --none is required');
  const factor = values.factor === undefined ? 1 : Number(values.factor);
  const minutes = values.minutes === undefined ? 0 : Number(values.minutes);
  if (!Number.isFinite(factor) || !Number.isFinite(minutes)) throw new UsageError('--factor and --minutes take numbers');
  return { factor: factor as TimeAccommodation['factor'], extra_minutes: minutes };
}

export const accommodationsCommand: AdminCommand = {
  name: 'accommodations',
  summary: "grant a candidate extra time per section before the test (the server's deadlines include it)",
  usage: [
    'accommodations set (--order ORDER_NO|ID | --email EMAIL) [--factor 1.25|1.5|2] [--minutes N]',
    'accommodations set (--order ORDER_NO|ID | --email EMAIL) --none',
    'accommodations show (--order ORDER_NO|ID | --email EMAIL)',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'set' && sub !== 'show') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, switches, positional } = parseFlags(rest, { values: ['order', 'email', 'factor', 'minutes'], switches: ['none'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    const db = ctx.database.db;
    try {
      if (sub === 'show') {
        if (values.factor || values.minutes || switches.has('none')) throw new UsageError('show takes only --order or --email');
        const order = await findAccommodationOrder(db, orderRef(values));
        ctx.out(`${order.order_no}: ${describe(order.time_accommodation)}`);
        return;
      }
      const wanted = requested(values, switches.has('none'));
      const order = await findAccommodationOrder(db, orderRef(values));
      const updated = await setTimeAccommodation(db, order.id, wanted);
      ctx.out(`${updated.order_no}: ${describe(updated.time_accommodation)}`);
    } catch (e) {
      // The service's refusals are the staff's Indonesian messages; the operator sees them as they are.
      if (e instanceof HttpError) throw new Error(e.message);
      throw e;
    }
  },
};
