// Checking the credential a certificate's QR carries (issue 28), in the browser: the signature
// against our published keys (the service worker keeps a copy, so this works offline), then — when
// the server answers — revocation from the signed status list and our record. Fetchers are passed
// in, so the rules are tested without a network.
import {
  isStatusBitSet, readCredentialUnverified, verifyCredential, verifyStatusList, type CredentialFacts, type Jwks,
} from '../../../contracts/credential.ts';
import type { PublicCertificate } from '../../../contracts/certificates.ts';

export type SignatureState = 'valid' | 'invalid' | 'unknown-key' | 'compromised' | 'keys-unavailable' | 'malformed';
export type RevocationState = 'valid' | 'revoked' | 'unknown';

export interface CredentialVerdict {
  signature: SignatureState;
  /** What the QR says: trustworthy only with signature 'valid'. */
  facts: CredentialFacts | null;
  kid: string | null;
  revocation: RevocationState;
  /** The record's public reason category, when revoked and the server said. */
  revokedReason: string | null;
  /** valid_until has passed (by this device's clock). */
  expired: boolean;
}

export interface CheckDeps {
  jwks: () => Promise<Jwks>;
  statusList: () => Promise<string>;
  record: (number: string) => Promise<PublicCertificate>;
  now: () => Date;
}

/** The signature first (offline), then revocation (online; 'unknown' when the server cannot be reached). */
export async function checkCredential(jws: string, deps: CheckDeps): Promise<CredentialVerdict> {
  let jwks: Jwks | null = null;
  try {
    jwks = await deps.jwks();
  } catch {
    // Offline on a device that never opened this page: no keys to check with.
  }
  let signature: SignatureState;
  let facts: CredentialFacts | null = null;
  let kid: string | null = null;
  if (!jwks) {
    signature = 'keys-unavailable';
    facts = readCredentialUnverified(jws);
  } else {
    const check = await verifyCredential(jws, jwks);
    if (check.valid) {
      signature = check.key_status === 'compromised' ? 'compromised' : 'valid';
      facts = check.facts;
      kid = check.kid;
    } else {
      signature = check.reason === 'bad_signature' ? 'invalid' : check.reason === 'unknown_key' ? 'unknown-key' : 'malformed';
      facts = check.facts ?? null;
    }
  }
  const expired = facts ? facts.valid_until < deps.now().toISOString().slice(0, 10) : false;
  if (signature !== 'valid' && signature !== 'compromised') return { signature, facts, kid, revocation: 'unknown', revokedReason: null, expired };

  // Revocation: the signed list (the bit in the credential) and our record; either answering is enough.
  let revocation: RevocationState = 'unknown';
  let revokedReason: string | null = null;
  const [list, record] = await Promise.allSettled([
    (async () => {
      const encoded = await verifyStatusList(await deps.statusList(), jwks!);
      if (encoded === null || facts!.status_index == null) return null;
      return isStatusBitSet(encoded, facts!.status_index);
    })(),
    deps.record(facts!.number),
  ]);
  if (list.status === 'fulfilled' && list.value !== null) revocation = list.value ? 'revoked' : 'valid';
  if (record.status === 'fulfilled') {
    if (record.value.status === 'revoked') {
      revocation = 'revoked';
      revokedReason = record.value.revoked_reason ?? null;
    } else if (revocation === 'unknown') {
      revocation = 'valid';
    }
  }
  return { signature, facts, kid, revocation, revokedReason, expired };
}
