import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/** Who signs save links: a Google Cloud service account. */
export interface GoogleWalletSigningKey {
  /** The service account's e-mail: the JWT's `iss`. */
  email: string;
  privateKey: KeyObject;
  /** The half Google checks signatures with. */
  publicKey: KeyObject;
}

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
