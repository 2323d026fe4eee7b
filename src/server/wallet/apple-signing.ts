import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import type { ServerConfig } from '../config';
import { partMode, type PartMode } from '../sandbox-parts';

/** What signs Apple Wallet passes: the pass type and team they are issued under, and the chain. */
export interface AppleSigning {
  /** `sandbox`: a self-signed chain of our own, which no real iPhone trusts. */
  mode: 'live' | 'sandbox';
  passTypeId: string;
  teamId: string;
  organizationName: string;
  /** PEM texts, as passkit-generator takes them. */
  certificates: { wwdr: string; signerCert: string; signerKey: string; signerKeyPassphrase?: string };
}

type ApplePassConfig = ServerConfig['applePass'];

/** The sandbox's identifiers: obviously not Apple's, so a sandbox pass cannot be taken for a live one. */
export const SANDBOX_PASS_TYPE_ID = 'pass.mx.example.boletos.sandbox';
export const SANDBOX_TEAM_ID = 'SANDBOX000';
/** The file under `WALLET_SANDBOX_DIR` holding the sandbox chain; tests verify passes against its root. */
export const SANDBOX_CHAIN_FILE = 'apple-pass-chain.json';

interface SandboxChain { rootCert: string; signerCert: string; signerKey: string }

/** A configured certificate or key: the PEM text itself, or the path of a file holding it. */
function pem(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

const LIVE_KEYS = ['passTypeId', 'teamId', 'cert', 'key', 'wwdrCert'] as const;
const ENV_NAMES: Record<(typeof LIVE_KEYS)[number], string> = {
  passTypeId: 'APPLE_PASS_TYPE_ID', teamId: 'APPLE_TEAM_ID', cert: 'APPLE_PASS_CERT', key: 'APPLE_PASS_KEY', wwdrCert: 'APPLE_WWDR_CERT',
};

const cache = new Map<string, AppleSigning>();

/**
 * Live when every APPLE_* variable is set, sandbox when none is; some set and some not is a
 * mistake, refused (checked at start, without making or reading any signing material).
 */
export function appleSigningMode(config: ApplePassConfig): AppleSigning['mode'] {
  const set = LIVE_KEYS.filter((key) => config[key]);
  if (set.length > 0 && set.length < LIVE_KEYS.length) {
    const missing = LIVE_KEYS.filter((key) => !config[key]).map((key) => ENV_NAMES[key]);
    throw new Error(`Apple Wallet: ${missing.join(', ')} missing (or remove the other APPLE_* variables to use the sandbox)`);
  }
  return set.length > 0 ? 'live' : 'sandbox';
}

/** Apple passes: live with every APPLE_* variable, else the sandbox chain when switched on, else off (no Apple pass). */
export function appleWalletMode(config: Pick<ServerConfig, 'applePass' | 'sandbox'>): PartMode {
  return partMode(appleSigningMode(config.applePass) === 'live', config.sandbox['apple-wallet']);
}

/**
 * The live signing material when every APPLE_* variable is set, else the sandbox chain (made
 * on first use and kept on disk, so passes issued before a restart still verify). Some set and
 * some not is a mistake, refused rather than silently falling back to the sandbox.
 */
export function appleSigning(config: ApplePassConfig): AppleSigning {
  const live = appleSigningMode(config) === 'live';
  const cacheKey = live ? `live:${config.passTypeId}:${config.cert}` : `sandbox:${config.sandboxDir}`;
  let signing = cache.get(cacheKey);
  if (!signing) {
    signing = live
      ? {
          mode: 'live',
          passTypeId: config.passTypeId!,
          teamId: config.teamId!,
          organizationName: config.organizationName,
          certificates: { wwdr: pem(config.wwdrCert!), signerCert: pem(config.cert!), signerKey: pem(config.key!), signerKeyPassphrase: config.keyPassphrase },
        }
      : sandboxSigning(config);
    cache.set(cacheKey, signing);
  }
  return signing;
}

function sandboxSigning(config: ApplePassConfig): AppleSigning {
  const chain = sandboxChain(config.sandboxDir);
  return {
    mode: 'sandbox',
    passTypeId: SANDBOX_PASS_TYPE_ID,
    teamId: SANDBOX_TEAM_ID,
    organizationName: config.organizationName,
    certificates: { wwdr: chain.rootCert, signerCert: chain.signerCert, signerKey: chain.signerKey },
  };
}

/**
 * The chain under `dir`, created when absent. Written to a temporary file and hard-linked into
 * place, which fails when the file exists: of two processes starting together, the first one's
 * chain is kept and the other reads it.
 */
export function sandboxChain(dir: string): SandboxChain {
  const file = join(dir, SANDBOX_CHAIN_FILE);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify(newSandboxChain()), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as SandboxChain;
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
function newSandboxChain(): SandboxChain {
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
      { name: 'commonName', value: `Pass Type ID: ${SANDBOX_PASS_TYPE_ID}` },
      { type: '0.9.2342.19200300.100.1.1', value: SANDBOX_PASS_TYPE_ID },
      { name: 'organizationalUnitName', value: SANDBOX_TEAM_ID },
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
