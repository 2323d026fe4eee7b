import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOnce } from './write-once';

/** The test issuer id: numeric like Google's, in a range Google never hands out to a real issuer here. */
export const TEST_ISSUER_ID = '3388000000000000000';
/** The test service account's e-mail: shaped like a real one, in a domain nobody owns. */
export const TEST_SERVICE_ACCOUNT_EMAIL = 'wallet-sandbox@checkout-sandbox.iam.gserviceaccount.com';
/** The file under the sandbox's directory holding the test service account's RSA key (PKCS#8 PEM). */
export const GOOGLE_KEY_FILE = 'google-wallet-key.pem';

/** What the server's configuration takes: the issuer id and the service account's JSON key file, as Google Cloud downloads it. */
export interface GoogleWalletTestAccount { issuerId: string; serviceAccount: string }

/**
 * The test service account kept under `dir`, its key made on first use and reused on the next
 * start (a save link signed before a restart still opens). Written aside and hard-linked into
 * place, which fails when the file exists: of two processes starting together, both end up with
 * the first one's key.
 */
export function googleWalletSandboxAccount(dir: string): GoogleWalletTestAccount {
  const file = join(dir, GOOGLE_KEY_FILE);
  writeOnce(file, () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  const serviceAccount = { type: 'service_account', client_email: TEST_SERVICE_ACCOUNT_EMAIL, private_key: readFileSync(file, 'utf8') };
  return { issuerId: TEST_ISSUER_ID, serviceAccount: JSON.stringify(serviceAccount) };
}
