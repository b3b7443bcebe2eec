// `npm run admin -- blobs move --from disk --to s3`: copies every stored file (photos, exam media,
// certificates, uploads) from one blob store to the other and verifies each (size and sha256);
// see services/media/blob-move.ts. `disk` is DATA_DIR/media (or `disk:/other/data-dir`), `s3`
// the bucket in the S3_* variables. Run it again to resume; `--delete-source` removes each file
// from the source once it is verified at the destination.
import { createBlobStore, type BlobStore } from '../../services/media/blob-store.ts';
import { moveBlobs, type MoveEvent } from '../../services/media/blob-move.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { createS3Store } from '../../services/media/s3-store.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';

function storeNamed(name: string, ctx: AdminContext): BlobStore {
  if (name === 'disk') return createDiskStore(ctx.config.dataDir);
  if (name.startsWith('disk:') && name.length > 5) return createDiskStore(name.slice(5));
  if (name === 's3') {
    if (!ctx.config.s3) throw new UsageError('s3 needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a non-AWS server)');
    return createS3Store(ctx.config.s3);
  }
  throw new UsageError(`unknown store ${JSON.stringify(name)}: use disk, disk:/DATA_DIR or s3`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const blobsCommand: AdminCommand = {
  name: 'blobs',
  summary: 'show where stored files go, or move them all between DATA_DIR and the S3 bucket (verified, resumable)',
  usage: ['blobs where', 'blobs move --from disk|disk:/DATA_DIR|s3 --to disk|disk:/DATA_DIR|s3 [--delete-source] [--concurrency N]'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'where') {
      ctx.out(`stored files go to ${createBlobStore(ctx.config).location}`);
      return;
    }
    if (sub !== 'move') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values, switches, positional } = parseFlags(rest, { values: ['from', 'to', 'concurrency'], switches: ['delete-source'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    if (!values.from || !values.to) throw new UsageError('--from and --to are required');
    const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency takes a whole number from 1 to 64');
    const from = storeNamed(values.from, ctx);
    const to = storeNamed(values.to, ctx);
    ctx.out(`moving stored files from ${from.location} to ${to.location}${switches.has('delete-source') ? ' (deleting each verified source file)' : ''}`);
    const onEvent = (e: MoveEvent) => {
      const what = { copied: 'copied, verified', present: 'already there, verified', missing: 'MISSING', failed: 'FAILED' }[e.outcome];
      ctx.out(`[${e.index}/${e.total}] ${e.key} ${kb(e.bytes)} ${what}${e.detail ? `: ${e.detail}` : ''}`);
    };
    const s = await moveBlobs(ctx.database.db, from, to, { concurrency, deleteSource: switches.has('delete-source'), onEvent });
    ctx.out(`done: ${s.total} file(s), ${kb(s.bytes)}: ${s.copied} copied, ${s.present} already there, ${s.missing} missing, ${s.failed} failed`
      + (s.deleted > 0 ? `, ${s.deleted} deleted from the source` : ''));
    if (s.failed > 0 || s.missing > 0) throw new Error(`${s.failed + s.missing} file(s) not moved; fix the cause and run the same command again to resume`);
  },
};
