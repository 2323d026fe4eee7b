import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { ServerConfig } from './config';
import type { AppContext } from './context';

/**
 * Secrets the server must read back (an operator's TOTP secret, a webhook endpoint's signing secret) are kept
 * sealed: AES-256-GCM under a key derived (HKDF-SHA256) from `SECRETS_KEY`, each value bound to its place (table,
 * column, row id) as associated data, so a sealed value copied to another row does not open
 * (docs/decisions/028-secrets-at-rest.md). Stored as `v1.` + base64url(iv ‖ tag ‖ ciphertext).
 */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Outside production without SECRETS_KEY: a fixed demo key (the same on every start, so the demo's rows stay readable). */
const DEMO_KEY_MATERIAL = 'demo secrets-at-rest key: development only, set SECRETS_KEY in production';
/** The shortest SECRETS_KEY accepted (characters): a random 32-byte value in hex or base64 is longer. */
export const SECRETS_KEY_MIN_LENGTH = 32;

const keys = new Map<string, Buffer>();

/** The AES key of a configuration (derived once per key material). */
function keyOf(config: Pick<ServerConfig, 'secretsKey' | 'production'>): Buffer {
  const material = config.secretsKey ?? (config.production ? undefined : DEMO_KEY_MATERIAL);
  if (material === undefined) throw new Error('SECRETS_KEY is not set: NODE_ENV=production needs it to read and write the secrets kept in the database.');
  let key = keys.get(material);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', material, 'checkout', 'secrets-at-rest aes-256-gcm', 32));
    keys.set(material, key);
  }
  return key;
}

/** Where a sealed value lives: `table.column:rowId`. */
export const placeOf = (table: string, column: string, rowId: string) => `${table}.${column}:${rowId}`;

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** Seals `plain` for the place it is stored at. */
export function seal(config: Pick<ServerConfig, 'secretsKey' | 'production'>, place: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a value sealed for `place`; throws for a value not sealed, sealed elsewhere or under another key. */
export function unseal(config: Pick<ServerConfig, 'secretsKey' | 'production'>, place: string, stored: string): string {
  if (!isSealed(stored)) throw new Error(`the secret of ${place} is not sealed`);
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(place, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`the secret of ${place} does not open with this SECRETS_KEY`);
  }
}

/** The places of the secrets kept sealed: the operators' TOTP secrets and the webhook endpoints' signing secrets. */
export const totpPlace = (operatorId: string) => placeOf('operators', 'totp_secret', operatorId);
export const webhookSecretPlace = (endpointId: string) => placeOf('webhook_endpoints', 'secret', endpointId);

/**
 * Seals the secrets stored in plain text by a version before sealing (run at start, after the migrations, before
 * the server listens). Each row is written only if it still holds the plain value, so replicas starting together
 * seal it once. Answers how many rows it sealed.
 */
export async function sealStoredSecrets(ctx: Pick<AppContext, 'db' | 'config'>): Promise<number> {
  const db = ctx.db.kysely;
  let sealed = 0;
  const operators = await db.selectFrom('operators').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).where('totp_secret', 'not like', `${PREFIX}%`).execute();
  for (const { id, totp_secret: plain } of operators) {
    const result = await db.updateTable('operators').set({ totp_secret: seal(ctx.config, totpPlace(id), plain!) }).where('id', '=', id).where('totp_secret', '=', plain).executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  const endpoints = await db.selectFrom('webhook_endpoints').select(['id', 'secret']).where('secret', 'not like', `${PREFIX}%`).execute();
  for (const { id, secret: plain } of endpoints) {
    const result = await db.updateTable('webhook_endpoints').set({ secret: seal(ctx.config, webhookSecretPlace(id), plain) }).where('id', '=', id).where('secret', '=', plain).executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}
