// Staff authentication, apart from the members': staff tokens carry the staff audience, so a member
// token never opens a staff route and a staff token never opens a member route. `app.authenticateStaff`
// is the preHandler of every /api/admin/v1 route except login; it sets `request.staff`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_ERROR_CODES, STAFF_MESSAGES, type StaffRole } from '../../contracts/facts/index.ts';
import { HttpError } from '../http-error.ts';
import { hmacKey, loadJwtSecret, signAccessToken, STAFF_AUDIENCE, createTokenVerifier } from '../services/accounts/tokens.ts';
import { findStaffById, mustEnrolTotp, type StaffRow } from '../services/staff/staff-accounts.ts';
import type { AuditActor } from '../services/staff/audit.ts';
import { UUID } from '../uuid.ts';

export interface StaffPrincipal {
  id: string;
  email: string;
  role: StaffRole;
  /** Null for operators and an operator's proctors: they see every institution. */
  institution_id: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffTokens: { sign(row: Pick<StaffRow, 'id' | 'token_version'>): Promise<string> };
    authenticateStaff: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticateStaff`. */
    staff: StaffPrincipal;
  }
  interface FastifyContextConfig {
    /** Staff routes an account that must enrol TOTP may use before it has (me, TOTP enrol/confirm, logout). */
    staffWithoutTotp?: boolean;
  }
}

/** Operators, and the staff of an institution that requires it, must have two-factor login on (staff-accounts.ts). */
export { mustEnrolTotp };

/** Who did it, for the audit log. */
export const actorOf = (request: FastifyRequest): AuditActor => ({
  staffId: request.staff.id, role: request.staff.role, ip: request.ip, socketIp: request.socket.remoteAddress ?? null,
});

export const staffAuthPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string | undefined }) => {
  const secret = await hmacKey(await loadJwtSecret(app.db, opts.jwtSecret));
  const verifyToken = createTokenVerifier(secret, STAFF_AUDIENCE);
  app.decorate('staffTokens', {
    sign: (row: Pick<StaffRow, 'id' | 'token_version'>) => signAccessToken(secret, row, app.clock.now(), STAFF_AUDIENCE),
  });
  app.decorateRequest('staff', null as unknown as StaffPrincipal);
  app.decorate('authenticateStaff', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await verifyToken(token, app.clock.now()) : null;
    if (!claims || !UUID.test(claims.sub)) throw HttpError.unauthorized(STAFF_MESSAGES.sessionExpired);
    const row = await findStaffById(app.db, claims.sub);
    if (!row || !row.active || row.token_version !== claims.tv) throw HttpError.unauthorized(STAFF_MESSAGES.sessionExpired);
    if (mustEnrolTotp(row) && !request.routeOptions.config.staffWithoutTotp) {
      throw new HttpError(403, STAFF_MESSAGES.otpEnrolmentRequired, { code: STAFF_ERROR_CODES.totpRequired });
    }
    request.staff = { id: row.id, email: row.email, role: row.role, institution_id: row.institution_id };
  });
}, { name: 'epot-staff-auth', dependencies: ['epot-database', 'epot-clock'] });
