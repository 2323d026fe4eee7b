import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import type { TotpEnrolment } from '../../shared/api/admin-session';
import type { ServerConfig } from '../config';
import { seal, totpPlace, unseal } from '../secrets-at-rest';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Boletos';

export const newTotpSecret = (): string => generateSecret();

/** The TOTP secret as the operator's row keeps it: sealed (`secrets-at-rest.ts`). */
export const sealTotpSecret = (config: ServerConfig, operatorId: string, secret: string): string => seal(config, totpPlace(operatorId), secret);

/** The TOTP secret of an operator's row, opened. */
export const totpSecretOf = (config: ServerConfig, operator: { id: string; totp_secret: string | null }): string => unseal(config, totpPlace(operator.id), operator.totp_secret!);

/** What an operator scans (or types) to add the account to an authenticator app. */
export async function totpEnrolment(email: string, secret: string): Promise<TotpEnrolment> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  return { otpauth_uri: uri, secret, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 2 }) };
}

/** Whether `code` is the secret's code at `now` (the app's clock), one 30-second step either side allowed. */
export async function totpMatches(secret: string, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  return result.valid;
}
