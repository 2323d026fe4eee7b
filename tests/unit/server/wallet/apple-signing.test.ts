import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appleSigning, sandboxChain, SANDBOX_CHAIN_FILE, SANDBOX_PASS_TYPE_ID } from '../../../../src/server/wallet/apple-signing';

const dir = mkdtempSync(join(tmpdir(), 'apple-signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const none = { passTypeId: undefined, teamId: undefined, cert: undefined, key: undefined, keyPassphrase: undefined, wwdrCert: undefined, organizationName: 'Boletos', sandboxDir: dir };

describe('Apple Wallet signing material', () => {
  it('no APPLE_* variables: a sandbox chain, generated once and reused from disk', () => {
    const signing = appleSigning(none);
    expect(signing).toMatchObject({ mode: 'sandbox', passTypeId: SANDBOX_PASS_TYPE_ID });
    const stored = readFileSync(join(dir, SANDBOX_CHAIN_FILE), 'utf8');
    expect(sandboxChain(dir)).toEqual(JSON.parse(stored));
    expect(signing.certificates.wwdr).toBe(JSON.parse(stored).rootCert);
  });

  it('every variable set: live, reading PEM text or a file path', () => {
    const chain = sandboxChain(dir);
    writeFileSync(join(dir, 'signer.pem'), chain.signerCert);
    const signing = appleSigning({
      ...none, passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345', cert: join(dir, 'signer.pem'), key: chain.signerKey, keyPassphrase: 'x',
      wwdrCert: chain.rootCert,
    });
    expect(signing).toMatchObject({ mode: 'live', passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345' });
    expect(signing.certificates).toEqual({ wwdr: chain.rootCert, signerCert: chain.signerCert, signerKey: chain.signerKey, signerKeyPassphrase: 'x' });
  });

  it('some variables set and some not: refused, naming the missing ones', () => {
    expect(() => appleSigning({ ...none, passTypeId: 'pass.mx.example.live', teamId: 'ABCDE12345' })).toThrow(/APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT/);
  });
});
