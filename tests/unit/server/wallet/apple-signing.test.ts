import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLE_TEST_CHAIN_FILE, appleTestChain } from '../../../../sandbox/wallet';
import { appleSigning, appleWalletMode } from '../../../../src/server/wallet/apple-signing';

const dir = mkdtempSync(join(tmpdir(), 'apple-signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const none = { passTypeId: undefined, teamId: undefined, cert: undefined, key: undefined, keyPassphrase: undefined, wwdrCert: undefined, organizationName: 'Boletos', apnsUrl: 'https://api.push.apple.com' };

describe('Apple Wallet signing material', () => {
  it('the test chain: generated once under its directory and reused from disk, its root as the WWDR', () => {
    const chain = appleTestChain(dir);
    const stored = JSON.parse(readFileSync(join(dir, APPLE_TEST_CHAIN_FILE), 'utf8'));
    expect(appleTestChain(dir)).toEqual(chain);
    expect(chain).toMatchObject({ passTypeId: 'pass.mx.example.boletos.sandbox', certPem: stored.signerCert, keyPem: stored.signerKey, wwdrPem: stored.rootCert });
  });

  it('no APPLE_* variables: off, no signing material', () => {
    expect(appleWalletMode({ applePass: none, sandboxed: new Set() })).toBe('off');
    expect(() => appleSigning({ applePass: none, sandboxed: new Set() })).toThrow(/APPLE_/);
  });

  it('every variable set: signs with them, reading PEM text or a file path; the demo\'s chain is labelled sandbox', () => {
    const chain = appleTestChain(dir);
    writeFileSync(join(dir, 'signer.pem'), chain.certPem);
    const applePass = { ...none, passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345', cert: join(dir, 'signer.pem'), key: chain.keyPem, keyPassphrase: 'x', wwdrCert: chain.wwdrPem };
    const signing = appleSigning({ applePass, sandboxed: new Set() });
    expect(signing).toMatchObject({ mode: 'live', passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345' });
    expect(signing.certificates).toEqual({ wwdr: chain.wwdrPem, signerCert: chain.certPem, signerKey: chain.keyPem, signerKeyPassphrase: 'x' });
    expect(appleSigning({ applePass, sandboxed: new Set(['apple-wallet'] as const) }).mode).toBe('sandbox');
  });

  it('some variables set and some not: refused, naming the missing ones', () => {
    expect(() => appleSigning({ applePass: { ...none, passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345' }, sandboxed: new Set() })).toThrow(/APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT/);
  });
});
