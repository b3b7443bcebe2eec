// `npm run admin -- retention run [--days N]`: deletes proctoring photos older than N days
// (default PHOTO_RETENTION_DAYS) now, files and rows, as the server's hourly sweep does.
import { sweepOldPhotos } from '../../services/proctoring/photo-retention.ts';
import { createBlobStore } from '../../services/media/blob-store.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

export const retentionCommand: AdminCommand = {
  name: 'retention',
  summary: 'delete proctoring photos older than the retention period now',
  usage: ['retention run [--days N]'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'run') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, positional } = parseFlags(rest, { values: ['days'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    const days = values.days === undefined ? ctx.config.photoRetentionDays : Number(values.days);
    if (!Number.isInteger(days) || days < 1) throw new UsageError('--days takes a whole number of at least 1');
    const store = createBlobStore(ctx.config);
    const deleted = await sweepOldPhotos(ctx.database.db, store, ctx.clock.now(), days);
    ctx.out(`deleted ${deleted} proctoring photo(s) older than ${days} day(s) from ${store.location}`);
  },
};
