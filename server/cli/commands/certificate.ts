// `npm run admin -- certificate revoke NUMBER --reason R` and
// `certificate reissue ORDER_NO --name "Corrected Name" [--base-url URL]`: revocation shows on the
// public verification page at once; a reissue makes a new number and PDF, corrects the member's
// name and revokes the old certificate as superseded. Same services (and audit log) as the console.
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { certificates, orders } from '../../db/schema/index.ts';
import { isPrintableName } from '../../services/certificates/certificate-name.ts';
import { certificateOrigin } from '../../config.ts';
import { createBlobStore } from '../../services/media/blob-store.ts';
import { reissueAudited, revokeAudited } from '../../services/operator/certificates.ts';
import { publicCertificate, signMissing } from '../../services/certificates/certificates.ts';
import { publicJwks } from '../../services/certificates/credential-keys.ts';
import { verifyCertificateFile } from '../../services/certificates/verify-file.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

export const certificateCommand: AdminCommand = {
  name: 'certificate',
  summary: 'check names, revoke a certificate, or reissue one after a name correction',
  usage: [
    'certificate check (lists live certificates whose name is blank or an e-mail address: reissue them with --name)',
    'certificate revoke NUMBER --reason REASON',
    'certificate verify FILE (a certificate PDF, a PNG of its QR code, or a credential file: the QR\'s compact credential or the Open Badges 3.0 JWT; exits 1 unless genuine)',
    'certificate sign-missing (signs the credential of certificates issued before credentials existed; the catch-up job does it too)',
    'certificate reissue ORDER_NO --name "CORRECTED NAME" [--base-url URL (default PUBLIC_URL; never the old QR code\'s origin)]',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const db = ctx.database.db;
    if (sub === 'check') {
      // SQL narrows to candidates (blank or containing @); isPrintableName is the one rule.
      const rows = await db.select({ number: certificates.number, name: certificates.name_on_certificate, order_no: orders.order_no })
        .from(certificates).innerJoin(orders, eq(orders.id, certificates.order_id))
        .where(and(isNull(certificates.superseded_by), eq(certificates.status, 'valid'),
          or(like(certificates.name_on_certificate, '%@%'), eq(sql`trim(${certificates.name_on_certificate})`, ''))));
      const bad = rows.filter((r) => !isPrintableName(r.name));
      for (const r of bad) ctx.out(`${r.number}\torder ${r.order_no}\tname "${r.name}"  -> certificate reissue ${r.order_no} --name "FULL NAME"`);
      ctx.out(bad.length ? `${bad.length} certificate(s) print an e-mail address or no name` : 'no certificate prints an e-mail address or a blank name');
      return;
    }
    if (sub === 'revoke') {
      const { values, positional } = parseFlags(rest, { values: ['reason'] });
      const [number] = positional;
      const reason = values.reason?.trim();
      if (!number || positional.length !== 1) throw new UsageError('one certificate NUMBER is required');
      if (!reason) throw new UsageError('--reason is required');
      const { certificate: row, changed } = await revokeAudited(db, number, reason, SHELL_ACTOR, ctx.clock.now());
      ctx.out(changed ? `revoked ${row.number}: ${reason}` : `${row.number} was already revoked (${row.revoked_reason ?? ''})`);
      return;
    }
    if (sub === 'reissue') {
      const { values, positional } = parseFlags(rest, { values: ['name', 'base-url'] });
      const [orderNo] = positional;
      if (!orderNo || positional.length !== 1) throw new UsageError('one ORDER_NO is required');
      if (!values.name?.trim()) throw new UsageError('--name is required');
      // Configuration only: a stored origin is never reused, so a bad one cannot survive a correction.
      if (!values['base-url'] && ctx.config.nodeEnv === 'production' && !ctx.config.publicUrl) {
        throw new UsageError('PUBLIC_URL is not set: set it (or pass --base-url) so the new QR code points at our verify page');
      }
      const base = values['base-url'] ?? certificateOrigin(ctx.config);
      if (!z.url({ protocol: /^https?$/ }).safeParse(base).success) throw new UsageError('--base-url must be an http(s) URL');
      const { certificate: fresh, replaced_number: old } = await reissueAudited(
        { db, store: createBlobStore(ctx.config), clock: ctx.clock, keySecret: ctx.config.credentialKeySecret }, orderNo, values.name, base, SHELL_ACTOR);
      ctx.out(`issued ${fresh.number} for ${orderNo} (${fresh.name})${old ? `; ${old} revoked as superseded` : ''}`);
      ctx.out(`verify: ${fresh.verify_url}`);
      return;
    }
    if (sub === 'verify') {
      const [file, ...more] = rest;
      if (!file || more.length > 0) throw new UsageError('one FILE is required');
      // The signature is checked against the published keys alone, as any verifier would; our
      // records then add what only the issuer knows (revoked, expired).
      const v = await verifyCertificateFile(file, await publicJwks(db, ctx.clock.now(), ctx.config.credentialKeySecret));
      ctx.out(`file: ${v.kind}${v.qr_text ? ` (QR: ${v.qr_text.length} characters)` : ''}`);
      if (v.facts) {
        const f = v.facts;
        ctx.out(`${v.valid ? 'signed facts' : 'claimed (NOT trustworthy)'}: ${f.number} ${f.name}, test ${f.test_date}, L/S/R ${f.scores.listening}/${f.scores.structure}/${f.scores.reading}, total ${f.total} ${f.level} CEFR ${f.cefr}, valid until ${f.valid_until}`);
      }
      if (!v.valid) throw new Error(`NOT VALID: ${v.reason ?? 'unknown'}`);
      ctx.out(`signature: valid, key ${v.kid} (${v.key_status})`);
      const record = v.number ? await publicCertificate(db, v.number, ctx.clock.now()) : null;
      ctx.out(`status: ${record ? record.status : 'not in our records'}${record?.revoked_reason ? ` (${record.revoked_reason})` : ''}`);
      if (v.key_status === 'compromised') throw new Error('NOT VALID: signed by a key marked compromised');
      if (record?.status === 'revoked') throw new Error('NOT VALID: revoked');
      return;
    }
    if (sub === 'sign-missing') {
      // What the catch-up job does a hundred at a time, all at once (issue 28).
      const deps = { db, store: createBlobStore(ctx.config), clock: ctx.clock, keySecret: ctx.config.credentialKeySecret };
      let total = 0;
      for (let n = await signMissing(deps); n > 0; n = await signMissing(deps)) total += n;
      ctx.out(total ? `signed ${total} certificate credential(s)` : 'every certificate already has its credential');
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
