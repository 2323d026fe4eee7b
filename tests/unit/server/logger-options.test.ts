import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../src/server/http/logger-options';
import { serializeError } from '../../../src/server/http/log-redaction';

describe('logger options', () => {
  it('pretty-prints through pino-pretty when stdout is a terminal outside production', () => {
    const options = loggerOptions({ logLevel: 'debug', production: false }, true);
    expect(options).toMatchObject({ level: 'debug', serializers: { err: serializeError }, transport: { target: 'pino-pretty' } });
  });

  it('writes JSON lines when stdout is not a terminal (a pipe, a file, a log collector)', () => {
    const options = loggerOptions({ logLevel: 'info', production: false }, false);
    expect(options).toEqual({ level: 'info', serializers: { err: serializeError } });
  });

  it('writes JSON lines in production even on a terminal', () => {
    const options = loggerOptions({ logLevel: 'warn', production: true }, true);
    expect(options).toEqual({ level: 'warn', serializers: { err: serializeError } });
  });
});
