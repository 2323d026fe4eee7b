import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Who signs save links: a Google Cloud service account (live) or the sandbox's own key. */
export interface GoogleWalletSigningKey {
  /** The service account's e-mail: the JWT's `iss`. */
  email: string;
  privateKey: KeyObject;
  /** Known for the sandbox key (its save page verifies with it); Google keeps the live one's. */
  publicKey: KeyObject;
}

/** The e-mail the sandbox signs as: shaped like a service account's, in a domain nobody owns. */
export const SANDBOX_SERVICE_ACCOUNT_EMAIL = 'wallet-sandbox@checkout-sandbox.iam.gserviceaccount.com';

/**
 * GOOGLE_WALLET_SERVICE_ACCOUNT is the service account's JSON key file as Google Cloud downloads
 * it: either its content (anything starting with `{`, handy for secret stores that inject values)
 * or the path of the file. Only `client_email` and `private_key` are read. A value that is neither
 * stops the start with a sentence saying so, rather than failing at the first buyer's click.
 */
export function readServiceAccount(value: string): GoogleWalletSigningKey {
  const text = value.trim().startsWith('{') ? value : readServiceAccountFile(value.trim());
  let parsed: { client_email?: unknown; private_key?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT is not valid JSON (give the service account key file or its path)');
  }
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') {
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT lacks client_email or private_key (give the service account key file)');
  }
  const privateKey = createPrivateKey(parsed.private_key);
  return { email: parsed.client_email, privateKey, publicKey: createPublicKey(privateKey) };
}

function readServiceAccountFile(path: string): string {
  if (!existsSync(path)) throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT: no file at ${path}`);
  return readFileSync(path, 'utf8');
}

/**
 * The sandbox's RSA key, kept as PKCS#8 PEM at `path` and reused on the next start, so a save
 * link signed before a restart still opens. The first start creates it exclusively (written
 * aside, then hard-linked into place, which fails if another process got there first), so two
 * processes starting together end up with the one key.
 */
export async function sandboxSigningKey(path: string): Promise<GoogleWalletSigningKey> {
  const file = resolve(path);
  if (!existsSync(file)) {
    await mkdir(dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary);
    }
  }
  const privateKey = createPrivateKey(await readFile(file, 'utf8'));
  return { email: SANDBOX_SERVICE_ACCOUNT_EMAIL, privateKey, publicKey: createPublicKey(privateKey) };
}
