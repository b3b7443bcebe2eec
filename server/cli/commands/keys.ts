// `npm run admin -- keys list|rotate|compromise KID`: the certificate credential's signing keys.
// Rotation adds a key that signs from now on; older keys stay published so their certificates keep
// verifying. A compromised key stays published with that mark, so verifiers see its certificates as such.
import { markCompromised, publicJwks, rotateKey } from '../../services/certificates/credential-keys.ts';
import { UsageError, type AdminCommand } from '../admin-command.ts';

export const keysCommand: AdminCommand = {
  name: 'keys',
  summary: 'list, rotate or mark compromised the certificate signing keys',
  usage: ['keys list', 'keys rotate', 'keys compromise KID'],
  async run(args, ctx) {
    const [sub, kid] = args;
    const db = ctx.database.db;
    const secret = ctx.config.credentialKeySecret;
    if (sub === 'rotate') {
      ctx.out(`new signing key ${await rotateKey(db, ctx.clock.now(), secret)}; earlier keys keep verifying`);
    } else if (sub === 'compromise') {
      if (!kid) throw new UsageError('a KID is required (see keys list)');
      if (!(await markCompromised(db, kid, ctx.clock.now(), secret))) throw new UsageError(`no key ${kid}`);
      ctx.out(`${kid} marked compromised`);
    } else if (sub !== 'list') {
      throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    }
    for (const k of (await publicJwks(db, ctx.clock.now(), secret)).keys) ctx.out(`${k.kid}\t${k.status}`);
  },
};
