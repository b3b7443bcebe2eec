// `npm run admin -- photo list --email E` / `photo export ID --out FILE`: how operators see a
// candidate's proctoring photos. Photos are never public; members get signed URLs to their own.
import { writeFile } from 'node:fs/promises';
import { and, asc, eq } from 'drizzle-orm';
import { media, users } from '../../db/schema/index.ts';
import { createBlobStore } from '../../services/media/blob-store.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';
import { UUID } from '../../uuid.ts';

export const photoCommand: AdminCommand = {
  name: 'photo',
  summary: "list a member's proctoring photos and export one to a file",
  usage: ['photo list --email EMAIL', 'photo export MEDIA_ID --out FILE'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const db = ctx.database.db;
    const { values, positional } = parseFlags(rest, { values: ['email', 'out'] });
    if (sub === 'list') {
      if (!values.email) throw new UsageError('--email is required');
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, values.email.trim().toLowerCase()));
      if (!user) throw new Error(`no member ${values.email}`);
      const rows = await db.select().from(media).where(and(eq(media.owner_user_id, user.id), eq(media.source, 'upload'))).orderBy(asc(media.created_at));
      for (const r of rows) ctx.out(`${r.id}  ${r.created_at.toISOString()}  ${r.mime}  ${r.byte_size} B  ${r.title}`);
      if (rows.length === 0) ctx.out('(no photos)');
      return;
    }
    if (sub === 'export') {
      const id = positional[0];
      if (!id || !UUID.test(id) || positional.length > 1) throw new UsageError('give one media id');
      if (!values.out) throw new UsageError('--out is required');
      const [row] = await db.select().from(media).where(and(eq(media.id, id), eq(media.source, 'upload')));
      if (!row) throw new Error(`no photo ${id}`);
      // wx: never overwrite an existing file.
      await writeFile(values.out, await createBlobStore(ctx.config).get(row.storage_key), { flag: 'wx' });
      ctx.out(`wrote ${row.byte_size} bytes (${row.mime}) to ${values.out}`);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
