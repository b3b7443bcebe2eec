// The password-set mail for members an institution adds: a password-reset code (the same table,
// checks and `/password-reset/:code` page as "forgot password"), valid 7 days instead of 10 minutes.
// Bulk imports write every code in one insert, inside the import's transaction; the mails go out
// after the commit, a few at a time.
import { and, inArray, isNull } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';
import { prepareReset } from '../accounts/password-reset.ts';
import type { Mailer } from '../platform/mailer.ts';
import { mapLimit } from '../platform/map-limit.ts';

export const INVITE_TTL_MS = 7 * 24 * 3600_000;
export const INVITE_MAIL_SUBJECT = 'Akun EPOT Anda telah dibuat';

export interface Invite { email: string; name: string; code: string; otp: string }

export interface InviteMailContext {
  /** The site's origin for the link, or null (no PUBLIC_URL and no trusted request origin): the mail then carries the code only. */
  origin: string | null;
  supportEmail: string;
  institutionName: string;
}

export function inviteMailText(i: Invite, ctx: InviteMailContext): string {
  const link = ctx.origin && `${ctx.origin}/password-reset/${i.code}`;
  return [
    `Halo ${i.name || i.email},`,
    '',
    `${ctx.institutionName} telah membuatkan akun EPOT untuk Anda dengan email ${i.email}.`,
    'Untuk mulai menggunakan akun, buat password Anda terlebih dahulu.',
    '',
    `Kode OTP Anda: ${i.otp}`,
    '',
    link ? `Buka halaman berikut dan masukkan kode tersebut: ${link}` : 'Masukkan kode tersebut di halaman reset password aplikasi EPOT.',
    `Kode berlaku selama ${INVITE_TTL_MS / 86_400_000} hari dan hanya dapat digunakan satu kali. Jangan berikan kode ini kepada siapa pun.`,
    '',
    `Butuh bantuan? Hubungi ${ctx.supportEmail}.`,
    '',
    'Salam,',
    'Tim EPOT',
  ].join('\n');
}

/** New password-set codes for these members (earlier unused ones stop working), in the caller's transaction. */
export async function createInvites(tx: AppDb | AppTx, members: { id: string; email: string; fullname: string }[], now: Date): Promise<Invite[]> {
  if (members.length === 0) return [];
  const prepared = members.map((m) => ({ m, ...prepareReset(m.id, now, INVITE_TTL_MS) }));
  const ids = members.map((m) => m.id);
  await tx.delete(passwordResets).where(and(inArray(passwordResets.user_id, ids), isNull(passwordResets.used_at)));
  for (let i = 0; i < prepared.length; i += 500) {
    await tx.insert(passwordResets).values(prepared.slice(i, i + 500).map((p) => p.row));
  }
  return prepared.map((p) => ({ email: p.m.email, name: p.m.fullname, code: p.code, otp: p.otp }));
}

/** Sends the mails, four at a time; answers how many went out (a failed one is logged, not fatal). */
export async function sendInvites(mailer: Mailer, invites: Invite[], ctx: InviteMailContext, onError: (err: unknown, email: string) => void): Promise<number> {
  const sent = await mapLimit(invites, 4, async (i) => {
    try {
      await mailer.send({ to: i.email, subject: INVITE_MAIL_SUBJECT, text: inviteMailText(i, ctx) });
      return 1;
    } catch (err) {
      onError(err, i.email);
      return 0;
    }
  });
  return sent.reduce<number>((a, b) => a + b, 0);
}
