import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { botCheckSandbox, botCheckSandboxKeys } from '../../../sandbox/bot-check';
import { botCheckMigrations } from '../../../sandbox/migrations/bot-check';
import type { SandboxStore } from '../../../sandbox/store';
import { appleTestChain, GOOGLE_WALLET_SAVE_PATH, googleWalletSandboxAccount, googleWalletSaveSandbox } from '../../../sandbox/wallet';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connection';
import { withWriteTransaction } from '../db/locked-transaction';
import type { SandboxPart } from '../sandbox-parts';
import { hasAppleKeys } from '../wallet/apple-signing';

/**
 * The demo's bot check and wallets: a part without keys whose sandbox is switched on gets the
 * stand-in's keys and URLs (reCAPTCHA's site key, secret, siteverify and api.js under /sandbox/recaptcha;
 * Google Wallet's test service account and save page; Apple's test chain), and is named in `sandboxed`.
 */
export function applyExtrasSandbox(config: ServerConfig): ServerConfig {
  const sandboxed: SandboxPart[] = [...config.sandboxed];
  let next = config;
  if (!config.recaptchaSecret && config.sandbox['bot-check']) {
    const { siteKey, secretKey } = botCheckSandboxKeys(config.signingSecret);
    next = { ...next, recaptchaSiteKey: siteKey, recaptchaSecret: secretKey, recaptchaVerifyUrl: '/sandbox/recaptcha/api/siteverify', recaptchaScriptUrl: '/sandbox/recaptcha/api.js' };
    sandboxed.push('bot-check');
  }
  const google = config.googleWallet;
  if (!(google.issuerId && google.serviceAccount) && config.sandbox['google-wallet']) {
    next = { ...next, googleWallet: { ...google, ...googleWalletSandboxAccount(config.walletSandboxDir), saveUrl: GOOGLE_WALLET_SAVE_PATH } };
    sandboxed.push('google-wallet');
  }
  if (!hasAppleKeys(config.applePass) && config.sandbox['apple-wallet']) {
    const chain = appleTestChain(config.walletSandboxDir);
    next = { ...next, applePass: { ...config.applePass, passTypeId: chain.passTypeId, teamId: chain.teamId, cert: chain.certPem, key: chain.keyPem, wwdrCert: chain.wwdrPem } };
    sandboxed.push('apple-wallet');
  }
  return { ...next, sandboxed };
}

/** The sandbox's view of the server's database: its own tables, written through the server's write transactions. */
export function sandboxStore(db: Db): SandboxStore {
  return { kysely: db.kysely as unknown as Kysely<any>, dialect: db.dialect, writeTransaction: (work) => withWriteTransaction(db, work as never) };
}

/** Brings the bot-check sandbox's tables up to date, under a migration table of its own. */
async function migrateExtrasSandbox(store: SandboxStore): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(botCheckMigrations.map(({ name, migration }) => [name, migration]));
  const migrator = new Migrator({
    db: store.kysely,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'sandbox_migrations',
    migrationLockTableName: 'sandbox_migrations_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Mounts the stand-ins `applyExtrasSandbox` pointed the configuration at (beside the API, under /sandbox/…). */
export async function registerExtrasSandbox(app: FastifyInstance, config: ServerConfig, now: () => Date, store: SandboxStore): Promise<void> {
  if (config.sandboxed.includes('bot-check')) {
    await migrateExtrasSandbox(store);
    await app.register(botCheckSandbox as FastifyPluginAsync<Parameters<typeof botCheckSandbox>[1]>, { secret: config.signingSecret, now, store });
  }
  if (config.sandboxed.includes('google-wallet')) {
    await app.register(googleWalletSaveSandbox, { account: googleWalletSandboxAccount(config.walletSandboxDir), now });
  }
}
