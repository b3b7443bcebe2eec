// The compact credential in the certificate's QR code (issue 28): a JWS (EdDSA, `jose`) over the
// certificate's facts, so anyone holding our published keys can check a certificate without us.
// Claim names are one or two letters and dates are days: the QR must still scan printed on A4.
import { compactVerify, CompactSign, importJWK, type JWK } from 'jose';
import type { AppDb } from '../../db/client.ts';
import { CREDENTIAL_ALG, signingKey, type PublicJwk } from './credential-keys.ts';

export interface CredentialFacts {
  number: string;
  name: string;
  /** YYYY-MM-DD */
  test_date: string;
  scores: { listening: number; structure: number; reading: number };
  total: number;
  level: string;
  cefr: string;
  /** YYYY-MM-DD */
  valid_until: string;
}

interface Claims { n: string; nm: string; d: string; s: [number, number, number]; t: number; l: string; c: string; v: string }

const toClaims = (f: CredentialFacts): Claims => ({
  n: f.number, nm: f.name, d: f.test_date, s: [f.scores.listening, f.scores.structure, f.scores.reading], t: f.total, l: f.level, c: f.cefr, v: f.valid_until,
});

const fromClaims = (c: Claims): CredentialFacts => ({
  number: c.n, name: c.nm, test_date: c.d, scores: { listening: c.s[0], structure: c.s[1], reading: c.s[2] }, total: c.t, level: c.l, cefr: c.c, valid_until: c.v,
});

/** Signs the facts with the active key: a compact JWS whose header names the issuer key (kid). */
export async function signCredential(db: AppDb, facts: CredentialFacts, now: Date, secret?: string): Promise<string> {
  const { kid, key } = await signingKey(db, now, secret);
  return new CompactSign(new TextEncoder().encode(JSON.stringify(toClaims(facts))))
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid })
    .sign(key);
}

export type CredentialCheck =
  | { valid: true; facts: CredentialFacts; kid: string; key_status: PublicJwk['status'] }
  | { valid: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

/** Checks a compact credential against a JWKS (ours, or a verifier's cached copy): no server needed. */
export async function verifyCredential(jws: string, jwks: { keys: PublicJwk[] }): Promise<CredentialCheck> {
  const parts = jws.split('.');
  if (parts.length !== 3) return { valid: false, reason: 'malformed' };
  let kid: string | undefined;
  try {
    kid = (JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { kid?: string }).kid;
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk || !kid) return { valid: false, reason: 'unknown_key' };
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk as JWK, CREDENTIAL_ALG), { algorithms: [CREDENTIAL_ALG] });
    return { valid: true, facts: fromClaims(JSON.parse(new TextDecoder().decode(payload)) as Claims), kid, key_status: jwk.status };
  } catch {
    return { valid: false, reason: 'bad_signature' };
  }
}
