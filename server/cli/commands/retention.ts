// `npm run admin -- retention show`: the retention period of every data class and what happens then.
// `npm run admin -- retention run [--class C] [--days N]`: applies the policy now, as the server's
// hourly sweep does (services/retention); `--days` sets the photos' period for this run
// (default PHOTO_RETENTION_DAYS), `--class` limits the run to one class.
import { createBlobStore } from '../../services/media/blob-store.ts';
import { RETENTION_CLASSES, RETENTION_INFO, type RetentionClass } from '../../services/retention/classes.ts';
import { runRetention } from '../../services/retention/sweep.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

const isClass = (c: string): c is RetentionClass => (RETENTION_CLASSES as readonly string[]).includes(c);

export const retentionCommand: AdminCommand = {
  name: 'retention',
  summary: 'show the retention period per data class, or delete what is older now',
  usage: ['retention show', 'retention run [--class CLASS] [--days N]'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'show') {
      for (const c of RETENTION_CLASSES) {
        const days = ctx.config.retention[c];
        ctx.out(`${c.padEnd(18)} ${(days > 0 ? `${days} day(s)` : 'kept').padEnd(12)} ${RETENTION_INFO[c].env}: ${RETENTION_INFO[c].action}`);
      }
      return;
    }
    if (sub !== 'run') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, positional } = parseFlags(rest, { values: ['days', 'class'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    if (values.class !== undefined && !isClass(values.class)) throw new UsageError(`--class takes one of ${RETENTION_CLASSES.join(', ')}`);
    const days = values.days === undefined ? ctx.config.retention.photos : Number(values.days);
    if (values.days !== undefined && (!Number.isInteger(days) || days < 1)) throw new UsageError('--days takes a whole number of at least 1');
    const store = createBlobStore(ctx.config);
    const policy = { ...ctx.config.retention, photos: days };
    const outcomes = await runRetention(ctx.database.db, store, policy, ctx.clock.now(), values.class ? { only: [values.class] } : {});
    for (const o of outcomes) {
      ctx.out(o.class === 'photos'
        ? `deleted ${o.count} proctoring photo(s) older than ${o.days} day(s) from ${store.location}`
        : `${o.class}: ${o.count} row(s) older than ${o.days} day(s) deleted or cleared`);
    }
  },
};
