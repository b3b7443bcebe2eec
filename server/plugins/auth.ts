// Bearer-token authentication. `app.authenticate` is a preHandler: routes that need a member add
// `preHandler: app.authenticate` and then read `request.member`. Every failure is the same 401, so
// a client cannot tell a forged token from an expired or revoked one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';
import { findAuthMember } from '../services/accounts/members.ts';
import { hmacKey, loadJwtSecret, signAccessToken, createTokenVerifier, type TokenClaims, type TokenSubject } from '../services/accounts/tokens.ts';
import { SERVER_MESSAGES } from '../../contracts/facts/index.ts';
import { UUID } from '../uuid.ts';

export interface AuthMember {
  id: string;
  email: string;
  is_b2b: boolean;
  institution_id: string | null;
  company_id: string;
}

export interface TokenService {
  sign(user: TokenSubject): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * The verified token's claims without reading the member's row: for a route that checks the
     * row in its own statement (the heartbeat, services/proctoring/heartbeats.ts). 401 as above.
     */
    memberClaims: (request: FastifyRequest) => Promise<TokenClaims>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that use that preHandler. */
    member: AuthMember;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string | undefined }) => {
  const secret = await hmacKey(await loadJwtSecret(app.db, opts.jwtSecret));

  const verifyToken = createTokenVerifier(secret);
  app.decorate('tokens', { sign: (user: TokenSubject) => signAccessToken(secret, user, app.clock.now()) });
  app.decorateRequest('member', null as unknown as AuthMember);

  const memberClaims = async (request: FastifyRequest): Promise<TokenClaims> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await verifyToken(token, app.clock.now()) : null;
    if (!claims || !UUID.test(claims.sub)) throw HttpError.unauthorized(SERVER_MESSAGES.sessionExpired);
    return claims;
  };
  app.decorate('memberClaims', memberClaims);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await memberClaims(request);
    const row = await findAuthMember(app.db, claims.sub);
    // A deleted user, or a token from before the last logout / password change.
    if (!row || row.token_version !== claims.tv) throw HttpError.unauthorized(SERVER_MESSAGES.sessionExpired);
    const { token_version: _tv, ...member } = row;
    request.member = member;
  });
}, { name: 'epot-auth', dependencies: ['epot-database', 'epot-clock'] });
