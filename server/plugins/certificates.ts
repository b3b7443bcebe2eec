// `app.certificates`: issuance for routes (after an order completes, and lazily when a member's
// completed order still lacks its certificate), plus a catch-up job for orders completed by the
// section sweeper. The QR code's origin comes from configuration only: PUBLIC_URL, else (development)
// the server's own listen address. Never the request's Host or X-Forwarded-Host (issue 28).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { certificateOrigin } from '../config.ts';
import fp from 'fastify-plugin';
import { issueCertificate, issueMissing, signMissing, type CertificateDeps, type CertificateRow } from '../services/certificates/certificates.ts';
import { publicJwks } from '../services/certificates/credential-keys.ts';
import { JWK_PATH_PREFIX, JWKS_PATH } from '../../contracts/credential.ts';
import { registerBackgroundJob } from './background-job.ts';

export interface CertificateService {
  /** PUBLIC_URL, else the server's own listen address; no request can change it. */
  verifyBase(): string;
  /** Database, blob store, clock and the signing key's secret: for services that issue (reissue). */
  deps: CertificateDeps;
  /** Right after an order completed: issues (idempotent); a failure is logged, never thrown (the catch-up retries). */
  afterCompletion(orderId: string, req: FastifyRequest): Promise<CertificateRow | null>;
  /** The member's completed orders that still lack a certificate or shipment get them now. */
  ensureForMember(userId: string, req: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    certificates: CertificateService;
  }
}

export interface CertificatesPluginOptions {
  publicUrl: string | undefined; host: string; port: number; intervalMs: number;
  /** Encrypts the credential signing keys at rest (CREDENTIAL_KEY_SECRET). */
  keySecret?: string | undefined;
}

export const certificatesPlugin = fp(async (app: FastifyInstance, opts: CertificatesPluginOptions) => {
  const deps: CertificateDeps = { db: app.db, store: app.blobs, clock: app.clock, keySecret: opts.keySecret };
  // The port actually bound (PORT=0 picks one at listen); before listen (inject() tests) the configured one.
  const verifyBase = () => {
    const bound = app.server.listening ? (app.server.address() as AddressInfo | null)?.port : undefined;
    return certificateOrigin(opts, bound);
  };

  app.decorate('certificates', {
    verifyBase,
    deps,
    async afterCompletion(orderId, req) {
      try {
        return await issueCertificate(deps, orderId, verifyBase());
      } catch (err) {
        req.log.error({ err, order: orderId }, 'certificate issue failed');
        return null;
      }
    },
    async ensureForMember(userId, req) {
      try {
        await issueMissing(deps, verifyBase(), { userId });
      } catch (err) {
        req.log.error({ err, member: userId }, 'certificate catch-up failed');
      }
    },
  } satisfies CertificateService);

  // The issuer's public keys, at the well-known path verifiers (and our /verify page) fetch them from.
  app.get(JWKS_PATH, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(app.db, app.clock.now(), opts.keySecret);
  });

  // Each key alone: OB 3.0 §8.2.3 wants the JWT's `kid` to dereference to one JWK, not a set.
  app.get(`${JWK_PATH_PREFIX}:kid`, async (req, reply) => {
    const { kid } = req.params as { kid: string };
    const key = (await publicJwks(app.db, app.clock.now(), opts.keySecret)).keys.find((k) => k.kid === kid);
    if (!key) return reply.code(404).send({ status: 404, message: 'Kunci tidak ditemukan' });
    reply.header('cache-control', 'public, max-age=300');
    return key;
  });

  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => {
      const orders = await issueMissing(deps, verifyBase());
      // Issue 28: certificates issued before credentials existed get their credential (and status bit).
      const signed = await signMissing(deps);
      return orders > 0 || signed > 0 ? { orders, signed } : null;
    },
    doneMessage: 'certificates issued by catch-up',
    failedMessage: 'certificate catch-up failed',
  });
}, { name: 'epot-certificates', dependencies: ['epot-database', 'epot-clock', 'epot-blob-store'] });
