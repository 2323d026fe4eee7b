import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { waitingRoomRoutes } from './routes/waiting-room.routes';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import type { AppContext } from './context';
import { dataRetentionPlugin } from './plugins/data-retention';
import { errorHandlerPlugin } from './plugins/error-handler';
import { gracefulClosePlugin, type DrainState } from './plugins/graceful-close';
import { securityPlugin } from './plugins/security';
import { storefrontPlugin } from './plugins/storefront';
import { apiSchemas } from './http/api-schemas';
import { bodyBoundsPlugin } from './http/body-bounds';
import { capConnectionsPerClient, requestTimeouts } from './http/connection-limits';
import { sharedSchemaCompilers } from './http/schema-compilers';
import { loggerOptions } from './http/logger-options';
import { pendingWorkPlugin } from './payments/pending-work';
import { paymentRoutes } from './payments/routes/payment.routes';
import { webhookRoutes } from './payments/routes/webhook.routes';
import { createPaymentsRuntime } from './payments/runtime';
import { applePayRoutes } from './payments/routes/apple-pay.routes';
import { adminAccess } from './operators/admin-access';
import { auditPlugin } from './operators/audit';
import { adminRoutes } from './routes/admin.routes';
import { adminDashboardRoutes } from './routes/admin-dashboard.routes';
import { adminOperatorRoutes } from './routes/admin-operators.routes';
import { adminSessionRoutes } from './routes/admin-session.routes';
import { adminOutboxRoutes } from './routes/admin-outbox.routes';
import { adminWebhookRoutes } from './routes/admin-webhooks.routes';
import { webhookLoopPlugin } from './webhooks/loop';
import { waitingListLoopPlugin } from './waiting-list/loop';
import { waitingListRoutes } from './waiting-list/routes';
import { adminEventRoutes } from './routes/admin-events.routes';
import { adminPurchaseRoutes } from './routes/admin-purchases.routes';
import { adminOrderRoutes } from './routes/admin-orders.routes';
import { orderChangeRoutes } from './routes/order-changes.routes';
import { adminCheckinRoutes } from './routes/admin-checkin.routes';
import { adminAttendeeRoutes } from './routes/admin-attendees.routes';
import { checkinRoutes } from './routes/checkin.routes';
import { configRoutes } from './routes/config.routes';
import { attendeeValidatorRoutes } from './routes/attendee-validator.routes';
import { emissionRoutes } from './routes/emission.routes';
import { eventRoutes } from './routes/event.routes';
import { eventCalendarRoutes } from './routes/event-calendar.routes';
import { healthRoutes } from './routes/health.routes';
import { orderRoutes } from './routes/order.routes';
import { invoiceRoutes } from './routes/invoice.routes';
import { previewRoutes } from './routes/preview.routes';
import { purchaseRoutes } from './routes/purchase.routes';
import { siteIndexRoutes } from './routes/site-index.routes';
import { walletRoutes } from './routes/wallet.routes';
import { applePassServiceRoutes } from './routes/apple-pass-service.routes';
import { createGoogleWallet, googleWalletMode } from './wallet/google-wallet';
import { seatRoutes } from './seats/seat.routes';
import { registerSeatsProvider } from './seats/seats-provider';
import { registerInvoicingProvider } from './invoicing/provider';
import { named } from '../shared/node/fastify-plugin-name';
import { invoiceWebhookRoutes } from './routes/invoice-webhook.routes';

/** Trust the nearest `hops` proxies (Fastify does this for a number, but its types only take a function). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the Fastify app. Only registers, in order: external plugins (security
 * headers, rate limit), the app's own (errors, shared schemas), then the routes,
 * then the storefront's static files. The database is opened and migrated by the caller.
 */
export async function buildApp(ctx: AppContext, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(ctx.config, process.stdout.isTTY === true),
    // X-Forwarded-For names the client only when sent by a proxy TRUST_PROXY lists (default: nobody),
    // else anyone could pick the address the rate limits and hold caps count by.
    trustProxy: typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    // Per-request lines drown the start-up message; a load balancer keeps access logs. LOG_LEVEL=debug brings them back.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(ctx.config.logLevel) }),
    bodyLimit: 1024 * 1024,
    // A request must arrive whole in time (a body sent a byte at a time is cut with 408).
    ...requestTimeouts(ctx.config),
    // While closing (SIGTERM), a request already sent over an open connection is served like any
    // other (its answer closes the connection) rather than given Fastify's own 503 body.
    return503OnClosing: false,
    ajv: {
      // Strict request checks: no silent type coercion, unknown fields rejected, every error reported.
      customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: true },
      // The plugin typings of ajv-errors/ajv-formats predate Fastify's option type; both are plain ajv plugins.
      plugins: [ajvErrors, ajvFormats] as unknown as never[],
    },
    schemaController: sharedSchemaCompilers,
  });
  capConnectionsPerClient(app.server, ctx.config);
  // The API speaks JSON only: a text/plain body gets 415 with a mensaje, not a confusing type error.
  app.removeContentTypeParser('text/plain');
  await app.register(named(securityPlugin), { config: ctx.config });
  await app.register(named(errorHandlerPlugin));
  const drain: DrainState = { closing: false };
  await app.register(named(gracefulClosePlugin), { state: drain });
  await app.register(named(bodyBoundsPlugin));
  for (const schema of apiSchemas) app.addSchema(schema);
  await app.register(named(healthRoutes), { ctx, drain });
  await app.register(named(configRoutes), { ctx });
  await app.register(named(eventRoutes), { ctx });
  await app.register(named(attendeeValidatorRoutes), { ctx });
  await app.register(named(eventCalendarRoutes), { ctx });
  await app.register(named(siteIndexRoutes), { ctx });
  await app.register(named(purchaseRoutes), { ctx });
  // Seated events: the seat provider (seats.io's official client).
  registerSeatsProvider(ctx, app);
  registerInvoicingProvider(ctx, app);
  await app.register(named(seatRoutes), { ctx });
  // The admin API: the bearer ADMIN_TOKEN (automation) or an operator's session cookie; every
  // state-changing call that got in leaves an audit row (the hook applies to the routes registered after it).
  await app.register(named(cookie));
  // The waiting room in front of high-demand on-sales (its browser cookie; the rate changed live under adminAccess).
  await app.register(named(waitingRoomRoutes), { ctx });
  await app.register(named(auditPlugin), { ctx });
  await app.register(named(adminSessionRoutes), { ctx });
  await app.register(named(adminOperatorRoutes), { ctx });
  await app.register(named(adminRoutes), { ctx });
  await app.register(named(adminOutboxRoutes), { ctx });
  await app.register(named(adminDashboardRoutes), { ctx });
  // Outbound webhooks: endpoints and their delivery log (admin), and the loop that sends the deliveries.
  await app.register(named(adminWebhookRoutes), { ctx });
  // The console's events: list and figures, stored versions, diff, roll back, new from the starter, the file's schema.
  await app.register(named(adminEventRoutes), { ctx });
  // Door check-in: the organiser's devices and counts, and the scanners' own API.
  await app.register(named(adminCheckinRoutes), { ctx });
  await app.register(named(adminAttendeeRoutes), { ctx });
  await app.register(named(checkinRoutes), { ctx });
  // The event preview: whoever may read events (the admin API's token or an operator session).
  await app.register(named(previewRoutes), { config: ctx.config, admit: adminAccess(ctx, 'events.read').preValidation });
  // Payments (start, loaders, webhooks → the one confirm path) and the tickets they emit.
  const payments = createPaymentsRuntime(ctx, app);
  await app.register(named(paymentRoutes), { rt: payments });
  await app.register(named(webhookRoutes), { rt: payments });
  await app.register(named(emissionRoutes), { rt: payments });
  await app.register(named(adminPurchaseRoutes), { rt: payments });
  await app.register(named(adminOrderRoutes), { rt: payments });
  // The buyer's order page: its view, "find my order", resend, corrected answers; transfers and cancellations.
  await app.register(named(orderRoutes), { rt: payments });
  await app.register(named(invoiceRoutes), { rt: payments });
  await app.register(named(invoiceWebhookRoutes), { ctx });
  await app.register(named(orderChangeRoutes), { rt: payments });
  // The waiting list of sold-out ticket types: joining, confirming, the operators' view; its loop offers freed tickets.
  await app.register(named(waitingListRoutes), { rt: payments });
  // Made (or read) at start: a broken service account stops the start, not a buyer's click. None when off.
  const googleWallet = googleWalletMode(ctx.config) === 'off' ? undefined : createGoogleWallet(ctx.config);
  await app.register(named(walletRoutes), { ctx, googleWallet });
  await app.register(named(applePassServiceRoutes), { ctx });
  await app.register(named(applePayRoutes), { config: ctx.config });
  await app.register(named(pendingWorkPlugin), { rt: payments });
  await app.register(named(dataRetentionPlugin), { ctx });
  await app.register(named(webhookLoopPlugin), { ctx });
  await app.register(named(waitingListLoopPlugin), { rt: payments });
  if (ctx.config.clientDir) await app.register(named(storefrontPlugin), { clientDir: ctx.config.clientDir, ctx });
  return app;
}
