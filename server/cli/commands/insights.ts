// `npm run admin -- insights fold`: folds the queued changes into the kept item analysis counts now
// (as the server does every SWEEP_INTERVAL_MS and before each read), e.g. after a bulk import.
// `npm run admin -- insights rebuild`: empties the kept counts and counts every attempt again from
// the stored answers (services/insights/item-counts.ts).
import { foldInsightCounts, rebuildInsightCounts } from '../../services/insights/item-counts.ts';
import { UsageError, type AdminCommand } from '../admin-command.ts';

export const insightsCommand: AdminCommand = {
  name: 'insights',
  summary: 'fold the queued changes into the item analysis counts, or rebuild them from the stored answers',
  usage: ['insights fold', 'insights rebuild'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (rest.length > 0) throw new UsageError(`unexpected argument ${rest[0]}`);
    if (sub === 'fold') {
      ctx.out(`folded ${await foldInsightCounts(ctx.database.db)} queued change(s)`);
      return;
    }
    if (sub === 'rebuild') {
      ctx.out(`rebuilt: ${await rebuildInsightCounts(ctx.database.db)} order(s) counted again`);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
