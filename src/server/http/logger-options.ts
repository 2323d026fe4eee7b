import type { ServerConfig } from '../config';
import { serializeError } from './log-redaction';

/**
 * Fastify's logger options: JSON lines, one a log entry, for log collectors and pipes; and on a
 * developer's terminal (stdout a TTY, not NODE_ENV=production) the same entries made readable by
 * the `pino-pretty` transport. Errors always go through the redacting serializer.
 */
export function loggerOptions(config: Pick<ServerConfig, 'logLevel' | 'production'>, stdoutIsTerminal: boolean) {
  const options = { level: config.logLevel, serializers: { err: serializeError } };
  if (!stdoutIsTerminal || config.production) return options;
  return { ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } };
}
