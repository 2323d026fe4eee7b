import { readFileSync } from 'node:fs';
import type { ServerConfig } from '../config';
import { configuredMode, type PartMode } from '../sandbox-parts';

/** What signs Apple Wallet passes: the pass type and team they are issued under, and the chain. */
export interface AppleSigning {
  /** `sandbox`: the demo's stand-in chain (no real iPhone trusts it; the pass page says so). */
  mode: 'live' | 'sandbox';
  passTypeId: string;
  teamId: string;
  organizationName: string;
  /** PEM texts, as passkit-generator takes them. */
  certificates: { wwdr: string; signerCert: string; signerKey: string; signerKeyPassphrase?: string };
}

type ApplePassConfig = ServerConfig['applePass'];

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
 * Whether every APPLE_* variable is set (none: no Apple pass); some set and some not is a
 * mistake, refused (checked at start, without reading any signing material).
 */
export function hasAppleKeys(config: ApplePassConfig): boolean {
  const set = LIVE_KEYS.filter((key) => config[key]);
  if (set.length > 0 && set.length < LIVE_KEYS.length) {
    const missing = LIVE_KEYS.filter((key) => !config[key]).map((key) => ENV_NAMES[key]);
    throw new Error(`Apple Wallet: ${missing.join(', ')} missing (set every APPLE_* variable, or none for no Apple pass)`);
  }
  return set.length > 0;
}

/** Apple passes: on with every APPLE_* variable (a stand-in's chain when the demo filled them in), else off (no Apple pass). */
export function appleWalletMode(config: Pick<ServerConfig, 'applePass' | 'sandboxed'>): PartMode {
  return configuredMode(hasAppleKeys(config.applePass), config.sandboxed.has('apple-wallet'));
}

/** The signing material of the APPLE_* variables (read once per pass type and certificate). */
export function appleSigning(config: Pick<ServerConfig, 'applePass' | 'sandboxed'>): AppleSigning {
  const apple = config.applePass;
  if (!hasAppleKeys(apple)) throw new Error('Apple Wallet passes need the APPLE_* variables');
  const mode = appleWalletMode(config) === 'sandbox' ? 'sandbox' : 'live';
  const cacheKey = `${mode}:${apple.passTypeId}:${apple.cert}`;
  let signing = cache.get(cacheKey);
  if (!signing) {
    signing = {
      mode,
      passTypeId: apple.passTypeId!,
      teamId: apple.teamId!,
      organizationName: apple.organizationName,
      certificates: { wwdr: pem(apple.wwdrCert!), signerCert: pem(apple.cert!), signerKey: pem(apple.key!), signerKeyPassphrase: apple.keyPassphrase },
    };
    cache.set(cacheKey, signing);
  }
  return signing;
}
