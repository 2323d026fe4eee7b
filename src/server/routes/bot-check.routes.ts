import type { FastifyInstance } from 'fastify';
import type { BotCheckTokenRequest, BotCheckTokenResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { rateLimited } from '../plugins/security';
import { botCheckMode, issueSandboxToken } from '../services/bot-check.service';

/**
 * POST /api/sandbox/bot-check/token: the built-in bot check, used when no
 * RECAPTCHA_SECRET is configured and its sandbox is on (otherwise the route does not exist).
 */
export async function botCheckRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  if (botCheckMode(ctx.config) !== 'sandbox') return;
  app.post<{ Body: BotCheckTokenRequest; Reply: BotCheckTokenResponse }>(
    '/api/sandbox/bot-check/token',
    { schema: { body: { $ref: 'api/bot-check-token.request#' }, response: answers('bot-check-token') }, config: rateLimited },
    async (request) => ({ token: issueSandboxToken(ctx, request.body.action) }),
  );
}
