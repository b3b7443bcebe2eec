// The result as an Open Badges 3.0 credential (issue 28): an OpenBadgeCredential (W3C VC 2.0 data
// model) secured as a JWT per OB 3.0 §8.2 — the payload is the credential with exp/iss/jti/nbf/sub,
// the header names the key as a URI into our JWKS. Signed with the same Ed25519 key ring as the QR
// credential, so rotation and compromise apply alike. Wallets, LinkedIn and admission portals take it.
import { jwtVerify, importJWK, SignJWT, decodeProtectedHeader } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { CREDENTIAL_ALG, JWK_PATH_PREFIX, type Jwks } from '../../../contracts/credential.ts';
import type { AppDb } from '../../db/client.ts';
import { certificates, orders } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { CERTIFICATE_MESSAGES } from './certificates.ts';
import { UUID } from '../../uuid.ts';
import { signingKey } from './credential-keys.ts';

export const OB3_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/** The ranges of the spec's score conversion (reference/scoring.md): listening and structure 31-68, reading 31-67, total 310-677. */
const RANGES = { listening: [31, 68], structure: [31, 68], reading: [31, 67], total: [310, 677] } as const;

export interface OpenBadge { credential: Record<string, unknown>; jwt: string; file_name: string }

/** The JWT header's `kid`: a URI that dereferences to that one JWK (OB 3.0 §8.2.3). */
export const keyUri = (origin: string, kid: string) => `${origin.replace(/\/+$/, '')}${JWK_PATH_PREFIX}${encodeURIComponent(kid)}`;

/** The member's own live certificate for the order, as an OpenBadgeCredential; 404 when there is none. */
export async function openBadgeFor(db: AppDb, memberId: string, orderId: string, origin: string, now: Date, secret?: string): Promise<OpenBadge> {
  const base = origin.replace(/\/+$/, '');
  if (!UUID.test(orderId)) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  const [row] = await db.select({ cert: certificates, order: orders }).from(certificates).innerJoin(orders, eq(orders.id, certificates.order_id))
    .where(and(eq(certificates.order_id, orderId), eq(certificates.user_id, memberId), eq(orders.user_id, memberId), isNull(certificates.superseded_by)));
  if (!row || row.cert.status !== 'valid') throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  const { cert, order } = row;
  const achievementId = `${base}/achievements/epot`;
  const part = (key: keyof typeof RANGES, name: string) => ({
    id: `${achievementId}#${key}`, type: ['ResultDescription'], name, resultType: 'ScaledScore', valueMin: String(RANGES[key][0]), valueMax: String(RANGES[key][1]),
  });
  const descriptions = [
    part('listening', 'Listening Comprehension'), part('structure', 'Structure and Written Expression'), part('reading', 'Reading Comprehension'),
    part('total', 'Predicted score (total)'),
    { id: `${achievementId}#level`, type: ['ResultDescription'], name: 'Proficiency level', resultType: 'PerformanceLevel' },
    { id: `${achievementId}#cefr`, type: ['ResultDescription'], name: 'CEFR level', resultType: 'ext:CEFRLevel' },
  ];
  const value = (key: string, v: string) => ({ type: ['Result'], resultDescription: `${achievementId}#${key}`, value: v });
  const credentialId = `${base}/verify/${cert.number}`;
  const subjectId = `urn:uuid:${cert.id}`;
  const credential = {
    '@context': OB3_CONTEXT,
    id: credentialId,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `EPOT ${cert.number}: ${order.total_score} (${order.level ?? ''})`,
    description: `English Proficiency Online Test result of ${cert.name_on_certificate}, certificate ${cert.number}.`,
    issuer: { id: base, type: ['Profile'], name: 'EPOT — English Proficiency Online Test', url: base },
    validFrom: cert.issued_at.toISOString(),
    validUntil: cert.valid_until.toISOString(),
    credentialSubject: {
      id: subjectId,
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', hashed: false, identityHash: cert.name_on_certificate, identityType: 'name' }],
      activityEndDate: order.completed_at?.toISOString(),
      achievement: {
        id: achievementId, type: ['Achievement'], achievementType: 'Assessment',
        name: 'EPOT English Proficiency Online Test',
        description: 'A browser-proctored English proficiency test in three timed sections: listening, structure and written expression, reading.',
        criteria: { narrative: 'Completed all three sections under proctoring; the predicted score is the sum of the converted section scores × 10 / 3.' },
        resultDescription: descriptions,
      },
      result: [
        value('listening', String(order.listening_score)), value('structure', String(order.structure_score)), value('reading', String(order.reading_score)),
        value('total', String(order.total_score)), value('level', order.level ?? ''), value('cefr', order.cefr ?? ''),
      ],
    },
    credentialStatus: {
      id: `${base}/api${apiPaths.public.certificateStatusList}#${cert.status_index}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation',
      statusListIndex: String(cert.status_index), statusListCredential: `${base}/api${apiPaths.public.certificateStatusList}`,
    },
  };
  const { kid, key } = await signingKey(db, now, secret);
  const jwt = await new SignJWT(credential as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid: keyUri(base, kid), typ: 'JWT' })
    .setIssuer(base).setJti(credentialId).setSubject(subjectId)
    .setNotBefore(Math.floor(cert.issued_at.getTime() / 1000)).setExpirationTime(Math.floor(cert.valid_until.getTime() / 1000))
    .sign(key);
  return { credential, jwt, file_name: `epot-${cert.number}.jwt` };
}

export type OpenBadgeCheck = { valid: true; credential: Record<string, unknown>; kid: string } | { valid: false; reason: string };

/** Verifies an OB 3.0 JWT against our JWKS (the key named by the header's URI fragment). */
export async function verifyOpenBadge(jwt: string, jwks: Jwks): Promise<OpenBadgeCheck> {
  let kid: string;
  try {
    kid = decodeURIComponent(String(decodeProtectedHeader(jwt).kid ?? '').split('/').pop() ?? '');
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk) return { valid: false, reason: 'unknown_key' };
  try {
    // A credential past its validUntil is still genuine: the caller shows it as expired.
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, CREDENTIAL_ALG), { algorithms: [CREDENTIAL_ALG], clockTolerance: Number.MAX_SAFE_INTEGER });
    return { valid: true, credential: payload as Record<string, unknown>, kid };
  } catch {
    return { valid: false, reason: 'bad_signature' };
  }
}
