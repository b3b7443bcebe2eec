import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ssoLinkCommand } from '../../cli/commands/sso-link.ts';
import type { AdminContext } from '../../cli/admin-command.ts';
import { signSsoLink, ssoSignature, verifySso } from './sso.ts';

const config = { ssoSecret: 'a-test-secret-of-some-length', ssoPrefix: 'epot-sso-' };
const NOW = 1_800_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

describe('SSO links', () => {
  it('signs uid|name|exp over the un-prefixed values and puts the prefix on uid and name', () => {
    const url = new URL(signSsoLink({ email: 'budi@contoh.id', name: 'Budi Santoso', ttlSeconds: 600, baseUrl: 'https://epot.example/' }, config, at(NOW)));
    expect(url.origin + url.pathname).toBe('https://epot.example/sso');
    expect(url.searchParams.get('uid')).toBe('epot-sso-budi@contoh.id');
    expect(url.searchParams.get('name')).toBe('epot-sso-Budi Santoso');
    expect(url.searchParams.get('exp')).toBe(String(NOW + 600));
    expect(url.searchParams.get('sig')).toBe(ssoSignature(config.ssoSecret, 'budi@contoh.id', 'Budi Santoso', NOW + 600));
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies the signature, then the expiry', () => {
    const sig = ssoSignature(config.ssoSecret, 'a@b.id', 'A', NOW + 10);
    expect(verifySso(config.ssoSecret, 'a@b.id', 'A', NOW + 10, sig, at(NOW))).toBe('ok');
    expect(verifySso(config.ssoSecret, 'a@b.id', 'B', NOW + 10, sig, at(NOW))).toBe('invalid');
    expect(verifySso(config.ssoSecret, 'a@b.id', 'A', NOW + 11, sig, at(NOW))).toBe('invalid');
    expect(verifySso('another-secret-xxxxxx', 'a@b.id', 'A', NOW + 10, sig, at(NOW))).toBe('invalid');
    expect(verifySso(config.ssoSecret, 'a@b.id', 'A', NOW + 10, sig.toUpperCase(), at(NOW))).toBe('invalid');
    expect(verifySso(config.ssoSecret, 'a@b.id', 'A', NOW + 10, sig, at(NOW + 10))).toBe('expired');
  });

  it('the sso-link command prints a link and refuses without SSO_SECRET', async () => {
    const lines: string[] = [];
    const ctx = (env: Record<string, string>) => ({ config: loadConfig(env), database: undefined, clock: { now: () => at(NOW) }, out: (l: string) => lines.push(l) }) as unknown as AdminContext;
    await ssoLinkCommand.run(['--email', 'x@y.id', '--name', 'X Y', '--ttl', '60', '--base-url', 'http://localhost:9000'],
      ctx({ SSO_SECRET: config.ssoSecret }));
    expect(lines[0]).toMatch(new RegExp(`^http://localhost:9000/sso\\?uid=epot-sso-x%40y\\.id&name=epot-sso-X\\+Y&exp=${NOW + 60}&sig=[0-9a-f]{64}$`));
    await expect(ssoLinkCommand.run(['--email', 'x@y.id', '--name', 'X'], ctx({}))).rejects.toThrow(/SSO_SECRET/);
    await expect(ssoLinkCommand.run(['--email', 'nope', '--name', 'X'], ctx({ SSO_SECRET: config.ssoSecret }))).rejects.toThrow(/--email/);
  });
});
