import { configFlag, METHOD_FLAGS, type MethodConfig, type PaidMethodId } from '../../shared/payment-methods';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { PROVIDER_KEYS, providerModes } from '../payments/registry';
import { listEventConfigs } from '../repositories/event.repository';
import { PART_LABELS, type PaymentPart } from '../sandbox-parts';
import { seatsMode } from '../seats/seats-provider';

/** The provider that takes each paid method. */
const METHOD_PROVIDER: Record<PaidMethodId, PaymentPart> = {
  card: 'mercadopago',
  cash: 'mercadopago',
  superToken: 'mercadopago',
  bankTransfer: 'fintoc',
  openpay: 'openpay',
  stripe: 'stripe',
  paypal: 'paypal',
};

/**
 * What an event's config asks of providers that are off here (no keys, no stand-in), one entry per
 * provider: `Stripe (metodo_pago_stripe_tarjeta; STRIPE_SECRET_KEY, …)`. Empty when it can be served.
 */
export function unavailableProviders(config: ServerConfig, event: object | undefined): string[] {
  // A stored config or an event file's: either way its flags are read by name.
  const eventConfig = event as MethodConfig;
  const modes = providerModes(config);
  const flagsOf = new Map<PaymentPart, string[]>();
  for (const [method, flags] of Object.entries(METHOD_FLAGS) as [PaidMethodId, readonly string[]][]) {
    const provider = METHOD_PROVIDER[method];
    const enabled = flags.filter((flag) => configFlag(eventConfig, flag));
    if (modes[provider] === 'off' && enabled.length > 0) flagsOf.set(provider, [...(flagsOf.get(provider) ?? []), ...enabled]);
  }
  const missing = [...flagsOf].map(([provider, flags]) => `${PART_LABELS[provider]} (${flags.join(', ')}; ${Object.keys(PROVIDER_KEYS[provider](config)).join(', ')})`);
  if (eventConfig?.seats && seatsMode(config) === 'off') missing.push(`${PART_LABELS.seats} (seats; SEATSIO_SECRET_KEY)`);
  return missing;
}

/** Refuses (409 PROVIDERS_NOT_CONFIGURED) an event file whose payment methods or seats this server cannot serve. */
export function assertProvidersAvailable(config: ServerConfig, eventConfig: object | undefined): void {
  const missing = unavailableProviders(config, eventConfig);
  if (missing.length > 0) throw errors.providersNotConfigured(missing.join('; '));
}

/**
 * Checked at start, before listening: an event imported earlier (under another configuration)
 * that enables a method or seats whose provider is now off stops the start, naming each.
 */
export async function assertStoredEventsServable(ctx: AppContext): Promise<void> {
  const problems = (await listEventConfigs(ctx.db.kysely))
    .map(({ url, config }) => ({ url, missing: unavailableProviders(ctx.config, config) }))
    .filter(({ missing }) => missing.length > 0)
    .map(({ url, missing }) => `/${url} uses ${missing.join('; ')}`);
  if (problems.length > 0) {
    throw new Error(`imported events use providers this server has neither keys nor a sandbox for: ${problems.join(' · ')}. Set their keys, switch their sandbox on (SANDBOX), or re-import those events without them.`);
  }
}
