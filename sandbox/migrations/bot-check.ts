import type { Migration } from 'kysely';
import { recaptchaSpentTokensMigration } from './20261201_01_recaptcha_spent_tokens';

/** The bot-check sandbox's tables, in order (run with the sandbox's own migration table). */
export const botCheckMigrations: { name: string; migration: Migration }[] = [
  { name: '20261201_01_recaptcha_spent_tokens', migration: recaptchaSpentTokensMigration },
];
