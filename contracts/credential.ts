// The certificate's signed credential (issue 28), shared by the server (which signs) and every
// verifier (our /verify page, the CLI, anyone with our published keys): a compact JWS (EdDSA) over
// the certificate's facts, carried in the QR code's URL fragment so that a phone opens our page and
// the page verifies it without asking us. Claim names are one or two letters and dates are days:
// the QR must still scan printed on A4. Runs in Node and in browsers (jose, no Buffer).
// Revocation: W3C Bitstring Status List v1.0 — each certificate owns one bit (claim `st`) of a list
// the server publishes as a signed credential; the bit set means revoked.
import { base64url, compactVerify, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { VERIFY_PATH_PREFIX as VERIFY_PREFIX } from './certificates.ts';

// Web APIs that Node and browsers share; contracts/ is compiled without either's typings.
interface WebGlobals {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
  URL: new (text: string) => { pathname: string; hash: string };
  Blob: new (parts: Uint8Array[]) => { stream(): { pipeThrough(transform: unknown): unknown } };
  Response: new (body: unknown) => { arrayBuffer(): Promise<ArrayBuffer> };
  CompressionStream: new (format: 'gzip') => unknown;
  DecompressionStream: new (format: 'gzip') => unknown;
}
const web = globalThis as unknown as WebGlobals;

export const CREDENTIAL_ALG = 'EdDSA';
/** The issuer's public keys (every key ever used, each with its status). */
export const JWKS_PATH = '/.well-known/jwks.json';
/** One key at a URL of its own (`/.well-known/jwks/<kid>`): what an Open Badges 3.0 JWT's `kid` names (OB 3.0 §8.2.3). */
export const JWK_PATH_PREFIX = '/.well-known/jwks/';

export type KeyStatus = 'active' | 'retired' | 'compromised';
export interface PublicJwk extends JWK { kid: string; alg: string; use: 'sig'; status: KeyStatus }
export interface Jwks { keys: PublicJwk[] }

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
  /** The certificate's bit in the status list; null on a credential signed before lists existed. */
  status_index: number | null;
}

interface Claims { n: string; nm: string; d: string; s: [number, number, number]; t: number; l: string; c: string; v: string; st?: number }

/** The JWS payload for `facts`: what the server signs. */
export function credentialPayload(f: CredentialFacts): Uint8Array {
  const claims: Claims = {
    n: f.number, nm: f.name, d: f.test_date, s: [f.scores.listening, f.scores.structure, f.scores.reading], t: f.total, l: f.level, c: f.cefr, v: f.valid_until,
    ...(f.status_index == null ? {} : { st: f.status_index }),
  };
  return new web.TextEncoder().encode(JSON.stringify(claims));
}

function factsFromPayload(payload: Uint8Array): CredentialFacts | null {
  try {
    const c = JSON.parse(new web.TextDecoder().decode(payload)) as Partial<Claims>;
    if (typeof c.n !== 'string' || typeof c.nm !== 'string' || !Array.isArray(c.s) || c.s.length !== 3 || typeof c.t !== 'number') return null;
    return {
      number: c.n, name: c.nm, test_date: String(c.d ?? ''), scores: { listening: Number(c.s[0]), structure: Number(c.s[1]), reading: Number(c.s[2]) },
      total: c.t, level: String(c.l ?? ''), cefr: String(c.c ?? ''), valid_until: String(c.v ?? ''), status_index: typeof c.st === 'number' ? c.st : null,
    };
  } catch {
    return null;
  }
}

export type CredentialCheck =
  | { valid: true; facts: CredentialFacts; kid: string; key_status: KeyStatus }
  | {
    valid: false;
    reason: 'malformed' | 'unknown_key' | 'bad_signature';
    /** What the credential claims, read without trusting it (so a page can show what was tampered with). */
    facts?: CredentialFacts;
  };

/** The facts a credential claims, unverified; null when it is not one of ours. */
export function readCredentialUnverified(jws: string): CredentialFacts | null {
  const parts = jws.split('.');
  if (parts.length !== 3) return null;
  try {
    return factsFromPayload(base64url.decode(parts[1]!));
  } catch {
    return null;
  }
}

/** Checks a compact credential against a JWKS (ours, or a verifier's cached copy): no server needed. */
export async function verifyCredential(jws: string, jwks: Jwks): Promise<CredentialCheck> {
  const claimed = readCredentialUnverified(jws.trim());
  const withFacts = claimed ? { facts: claimed } : {};
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(jws.trim()).kid;
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  if (!claimed) return { valid: false, reason: 'malformed' };
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk || !kid) return { valid: false, reason: 'unknown_key', ...withFacts };
  try {
    const { payload } = await compactVerify(jws.trim(), await importJWK(jwk, CREDENTIAL_ALG), { algorithms: [CREDENTIAL_ALG] });
    const facts = factsFromPayload(payload);
    if (!facts) return { valid: false, reason: 'malformed' };
    return { valid: true, facts, kid, key_status: jwk.status };
  } catch {
    return { valid: false, reason: 'bad_signature', ...withFacts };
  }
}

/** What the QR code encodes: the verify page, the credential in the fragment (never sent to a server). */
export function verifyUrlFor(base: string, number: string, jws?: string | null): string {
  return `${base.replace(/\/+$/, '')}${VERIFY_PREFIX}${number}${jws ? `#${jws}` : ''}`;
}

const JWS_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A scanned or pasted text: our verify URL (with or without a credential) or a bare credential. */
export function parseVerifyUrl(text: string): { number: string; jws: string | null } | null {
  const t = text.trim();
  if (JWS_RE.test(t)) {
    const facts = readCredentialUnverified(t);
    return facts ? { number: facts.number, jws: t } : null;
  }
  let url: { pathname: string; hash: string };
  try {
    url = new web.URL(t);
  } catch {
    return null;
  }
  const at = url.pathname.indexOf(VERIFY_PREFIX);
  if (at < 0) return null;
  const number = decodeURIComponent(url.pathname.slice(at + VERIFY_PREFIX.length)).replace(/\/+$/, '');
  if (!number) return null;
  const fragment = url.hash.replace(/^#/, '');
  return { number, jws: JWS_RE.test(fragment) ? fragment : null };
}

// ---- revocation: W3C Bitstring Status List v1.0 --------------------------------------------------

/** The spec's minimum list length (16 KB uncompressed), so that a bit says little about whom it is. */
export const STATUS_LIST_BITS = 131_072;
export const STATUS_PURPOSE = 'revocation';

async function gzipStep(bytes: Uint8Array, transform: unknown): Promise<Uint8Array> {
  const stream = new web.Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new web.Response(stream).arrayBuffer());
}
const gzip = (bytes: Uint8Array) => gzipStep(bytes, new web.CompressionStream('gzip'));
const gunzip = (bytes: Uint8Array) => gzipStep(bytes, new web.DecompressionStream('gzip'));

/** `encodedList` for the set bits: multibase base64url ('u') of the GZIP-compressed bitstring. */
export async function encodeStatusList(setBits: Iterable<number>, length = STATUS_LIST_BITS): Promise<string> {
  const bytes = new Uint8Array(Math.ceil(length / 8));
  for (const i of setBits) {
    if (i < 0 || i >= length) throw new RangeError(`status index ${i} outside the list of ${length}`);
    // Index 0 is the left-most bit of the first byte (the spec's order).
    bytes[i >> 3]! |= 0x80 >> (i & 7);
  }
  return `u${base64url.encode(await gzip(bytes))}`;
}

/** Whether bit `index` of an `encodedList` is set (revoked). */
export async function isStatusBitSet(encodedList: string, index: number): Promise<boolean> {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  const bytes = await gunzip(base64url.decode(encodedList.slice(1)));
  if (index < 0 || index >= bytes.length * 8) throw new RangeError(`status index ${index} outside the list`);
  return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

/** The status list credential's payload (secured as a JWT by the server). */
export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: string;
  validFrom: string;
  credentialSubject: { id: string; type: 'BitstringStatusList'; statusPurpose: string; encodedList: string };
}

/** The list's `encodedList` when the JWT is signed by one of our keys; null otherwise. */
export async function verifyStatusList(jwt: string, jwks: Jwks): Promise<string | null> {
  try {
    const { kid } = decodeProtectedHeader(jwt);
    const jwk = jwks.keys.find((k) => k.kid === kid);
    if (!jwk) return null;
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, CREDENTIAL_ALG), { algorithms: [CREDENTIAL_ALG] });
    const list = (payload as unknown as Partial<StatusListCredential>).credentialSubject;
    return list?.type === 'BitstringStatusList' && list.statusPurpose === STATUS_PURPOSE && typeof list.encodedList === 'string' ? list.encodedList : null;
  } catch {
    return null;
  }
}
