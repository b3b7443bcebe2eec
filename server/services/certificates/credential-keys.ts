// The issuer's signing keys for the certificate credential (issue 28): Ed25519, made with `jose`.
// Generated on first use and kept in app_meta (so every process on the database shares them),
// the private half AES-256-GCM encrypted when a secret is given. Rotation appends a key and makes it
// the signing one; old keys stay in the JWKS so certificates they signed keep verifying, and a key
// marked compromised is published with that mark (its certificates then show as such).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { AppDb } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';
import { CREDENTIAL_ALG, type KeyStatus, type PublicJwk } from '../../../contracts/credential.ts';

export { CREDENTIAL_ALG, type KeyStatus, type PublicJwk };

const META_KEY = 'credential_signing_keys';

interface StoredKey {
  kid: string;
  status: KeyStatus;
  created_at: string;
  public_jwk: JWK;
  /** The private JWK as JSON, or `enc:` + base64(iv | tag | ciphertext) when encrypted. */
  private_jwk: string;
}

interface KeyRing { keys: StoredKey[] }

function aesKey(secret: string) { return createHash('sha256').update(secret).digest(); }

function seal(plain: string, secret: string | undefined): string {
  if (!secret) return plain;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aesKey(secret), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `enc:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

function unseal(stored: string, secret: string | undefined): string {
  if (!stored.startsWith('enc:')) return stored;
  if (!secret) throw new Error('the credential signing key is encrypted: set the secret it was encrypted with');
  const raw = Buffer.from(stored.slice(4), 'base64');
  const d = createDecipheriv('aes-256-gcm', aesKey(secret), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

async function newKey(now: Date, secret: string | undefined): Promise<StoredKey> {
  const { publicKey, privateKey } = await generateKeyPair('Ed25519', { extractable: true });
  // Short kids keep the JWS header (and so the QR code) small.
  const kid = `k${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
  return {
    kid, status: 'active', created_at: now.toISOString(),
    public_jwk: await exportJWK(publicKey), private_jwk: seal(JSON.stringify(await exportJWK(privateKey)), secret),
  };
}

async function readRing(db: AppDb): Promise<KeyRing | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY));
  return row?.value as KeyRing | undefined;
}

/** The key ring, created with one key on first use (a concurrent first use keeps the winner's). */
export async function ensureKeyRing(db: AppDb, now: Date, secret?: string): Promise<KeyRing> {
  const existing = await readRing(db);
  if (existing) return existing;
  await db.insert(appMeta).values({ key: META_KEY, value: { keys: [await newKey(now, secret)] } }).onConflictDoNothing();
  return (await readRing(db))!;
}

/** Adds a key and signs with it from now on; earlier keys retire but keep verifying. Returns the new kid. */
export async function rotateKey(db: AppDb, now: Date, secret?: string): Promise<string> {
  const ring = await ensureKeyRing(db, now, secret);
  const fresh = await newKey(now, secret);
  const keys = [...ring.keys.map((k) => (k.status === 'active' ? { ...k, status: 'retired' as const } : k)), fresh];
  await db.update(appMeta).set({ value: { keys }, updated_at: now }).where(eq(appMeta.key, META_KEY));
  return fresh.kid;
}

/** Marks a key compromised (it never signs again; verifiers show its certificates as such). */
export async function markCompromised(db: AppDb, kid: string, now: Date, secret?: string): Promise<boolean> {
  const ring = await readRing(db);
  if (!ring?.keys.some((k) => k.kid === kid)) return false;
  const keys = ring.keys.map((k) => (k.kid === kid ? { ...k, status: 'compromised' as const } : k));
  await db.update(appMeta).set({ value: { keys }, updated_at: now }).where(eq(appMeta.key, META_KEY));
  // A compromised signing key is replaced at once, so issuance never stops.
  if (!keys.some((k) => k.status === 'active')) await rotateKey(db, now, secret);
  return true;
}

/** The active key, ready to sign. */
export async function signingKey(db: AppDb, now: Date, secret?: string) {
  const ring = await ensureKeyRing(db, now, secret);
  const active = ring.keys.find((k) => k.status === 'active');
  if (!active) throw new Error('no active credential signing key: run `npm run admin -- keys rotate`');
  const jwk = JSON.parse(unseal(active.private_jwk, secret)) as JWK;
  return { kid: active.kid, key: await importJWK(jwk, CREDENTIAL_ALG) };
}

/** Every key's public half with its status: the body of /.well-known/jwks.json. */
export async function publicJwks(db: AppDb, now: Date, secret?: string): Promise<{ keys: PublicJwk[] }> {
  const ring = await ensureKeyRing(db, now, secret);
  return { keys: ring.keys.map((k) => ({ ...k.public_jwk, kid: k.kid, alg: CREDENTIAL_ALG, use: 'sig' as const, status: k.status })) };
}
