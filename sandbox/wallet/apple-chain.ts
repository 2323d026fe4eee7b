import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOnce } from './write-once';
import forge from 'node-forge';

/** The test identifiers: obviously not Apple's, so a test pass cannot be taken for a real one. */
export const TEST_PASS_TYPE_ID = 'pass.mx.example.boletos.sandbox';
export const TEST_TEAM_ID = 'SANDBOX000';
/** The file under the sandbox's directory holding the test chain; tests verify passes against its `rootCert`. */
export const APPLE_TEST_CHAIN_FILE = 'apple-pass-chain.json';

interface StoredChain { rootCert: string; signerCert: string; signerKey: string }

/** What the server's APPLE_* configuration takes: the pass type and team, and the PEM texts (the root stands in for Apple's WWDR). */
export interface AppleTestChain { passTypeId: string; teamId: string; certPem: string; keyPem: string; wwdrPem: string }

/**
 * The test chain kept under `dir` (made with node-forge on first use, then reused, so passes
 * issued before a restart still verify), as the values the server's configuration takes.
 */
export function appleTestChain(dir: string): AppleTestChain {
  const chain = storedChain(dir);
  return { passTypeId: TEST_PASS_TYPE_ID, teamId: TEST_TEAM_ID, certPem: chain.signerCert, keyPem: chain.signerKey, wwdrPem: chain.rootCert };
}

/**
 * The chain under `dir`, created when absent. Written to a temporary file and hard-linked into
 * place, which fails when the file exists: of two processes starting together, the first one's
 * chain is kept and the other reads it.
 */
function storedChain(dir: string): StoredChain {
  const file = join(dir, APPLE_TEST_CHAIN_FILE);
  writeOnce(file, () => JSON.stringify(newChain()));
  return JSON.parse(readFileSync(file, 'utf8')) as StoredChain;
}

/** An RSA key pair from Node's native generator (node-forge's own is pure JavaScript and slow), as forge objects. */
function rsaKeyPair(): forge.pki.rsa.KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey };
}

function certificate(subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], publicKey: forge.pki.PublicKey, years: number) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: a leading 0x01 byte keeps the DER integer from reading as negative.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60 * 60_000);
  cert.validity.notAfter = new Date(Date.now() + years * 365 * 24 * 60 * 60_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  return cert;
}

/** A root standing in for Apple's WWDR authority, and a pass-signing certificate it issued. */
function newChain(): StoredChain {
  const rootKeys = rsaKeyPair();
  const rootName = [
    { name: 'commonName', value: 'Sandbox Worldwide Developer Relations (WWDR), not Apple' },
    { name: 'organizationName', value: 'Boletos sandbox' },
    { name: 'countryName', value: 'MX' },
  ];
  const root = certificate(rootName, rootName, rootKeys.publicKey, 20);
  root.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  root.sign(rootKeys.privateKey, forge.md.sha256.create());

  const signerKeys = rsaKeyPair();
  const signer = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${TEST_PASS_TYPE_ID}` },
      { type: '0.9.2342.19200300.100.1.1', value: TEST_PASS_TYPE_ID },
      { name: 'organizationalUnitName', value: TEST_TEAM_ID },
      { name: 'organizationName', value: 'Boletos sandbox' },
      { name: 'countryName', value: 'MX' },
    ],
    rootName,
    signerKeys.publicKey,
    10,
  );
  signer.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'authorityKeyIdentifier', keyIdentifier: root.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signer.sign(rootKeys.privateKey, forge.md.sha256.create());
  return {
    rootCert: forge.pki.certificateToPem(root),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
  };
}
