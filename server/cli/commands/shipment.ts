// `npm run admin -- shipment update ORDER_NO --status S [--waybill W] [--courier-company C] [--note N]`:
// an operator's update of a printed certificate's shipment; every update appends to its history.
// Same service (and audit log) as the console's PUT /api/admin/v1/shipments/:order_no.
import { SHIPMENT_STATUSES } from '../../services/certificates/shipments.ts';
import { updateShipmentAudited } from '../../services/operator/certificates.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import type { ShipmentStatus } from '../../../contracts/certificates.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

export const shipmentCommand: AdminCommand = {
  name: 'shipment',
  summary: 'update the shipment of a printed certificate (appends to its tracking history)',
  usage: [`shipment update ORDER_NO --status ${SHIPMENT_STATUSES.join('|')} [--waybill W] [--courier-company C] [--note N]`],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'update') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, positional } = parseFlags(rest, { values: ['status', 'waybill', 'courier-company', 'note'] });
    const [orderNo] = positional;
    if (!orderNo || positional.length !== 1) throw new UsageError('one ORDER_NO is required');
    const status = values.status as ShipmentStatus | undefined;
    if (!status || !SHIPMENT_STATUSES.includes(status)) throw new UsageError(`--status must be one of ${SHIPMENT_STATUSES.join(', ')}`);
    const waybill = values.waybill?.trim();
    const now = ctx.clock.now();
    const row = await updateShipmentAudited(ctx.database.db, orderNo, {
      status, note: values.note?.trim() ?? '', at: now, ...(waybill ? { waybill } : {}),
      ...(values['courier-company'] ? { courier: { company: values['courier-company'].trim() } } : {}),
    }, SHELL_ACTOR, now);
    ctx.out(`shipment of ${orderNo}: ${row.status}${row.waybill_id ? `, waybill ${row.waybill_id}` : ''} (${row.history.length} history entries)`);
  },
};
