import { describe, expect, it } from 'vitest';
import { createBotCheck } from '../../../../src/client/botCheck/createBotCheck';
import { BotCheckNotLoadedError } from '../../../../src/client/botCheck/BotCheckNotLoadedError';
import { quantityOptions } from '../../../../src/client/components/QuantitySelect';
import { checkoutFlow, stepAtPath } from '../../../../src/client/flow/checkoutFlow';
import { formatCountdown } from '../../../../src/client/layout/HoldTimer';
import { describeRouteError } from '../../../../src/client/pages/RouteErrorPage';
import { ApiError } from '../../../../src/client/api/ApiError';

describe('quantityOptions', () => {
  it('offers 0 plus minimum..maximum', () => {
    expect(quantityOptions(1, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(quantityOptions(2, 5)).toEqual([0, 2, 3, 4, 5]);
    expect(quantityOptions(0, 2)).toEqual([0, 1, 2]); // a minimum of 0 still starts at 1 (0 is "none")
    expect(quantityOptions(1, 0)).toEqual([0]);
  });
});

describe('formatCountdown', () => {
  it('prints mm:ss, rounding up partial seconds and never below zero', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(119_001)).toBe('02:00');
    expect(formatCountdown(59_000)).toBe('00:59');
    expect(formatCountdown(-5_000)).toBe('00:00');
    expect(formatCountdown(75 * 60_000)).toBe('75:00');
    expect(formatCountdown(120 * 60_000)).toBe('120:00');
    // A waiting list's offer holds for hours.
    expect(formatCountdown(24 * 3_600_000 - 1_000)).toBe('23:59:59');
  });
});

describe('stepAtPath', () => {
  it('maps addresses to steps', () => {
    expect(stepAtPath(checkoutFlow, 'demo', '/demo')?.id).toBe('tickets');
    expect(stepAtPath(checkoutFlow, 'demo', '/demo/')?.id).toBe('tickets');
    expect(stepAtPath(checkoutFlow, 'demo', '/demo/productos')?.id).toBe('products');
    expect(stepAtPath(checkoutFlow, 'demo', '/demo/form')?.blocksLeave).toBe(true);
    expect(stepAtPath(checkoutFlow, 'demo', '/demo/payment-method')?.showsHoldTimer).toBe(true);
    expect(stepAtPath(checkoutFlow, 'demo', '/demo/payment-status')).toBeUndefined();
  });
});

describe('describeRouteError', () => {
  it('shows the status when there is one, else null (the page prints "Error")', () => {
    expect(describeRouteError(new ApiError(404, 'Evento no encontrado'))).toEqual({ status: '404', message: 'Evento no encontrado' });
    expect(describeRouteError(new TypeError('Failed to fetch dynamically imported module'))).toEqual({ status: null, message: 'Failed to fetch dynamically imported module' });
    expect(describeRouteError('boom')).toEqual({ status: null, message: 'boom' });
  });
});

describe('createBotCheck', () => {
  it('reports reCAPTCHA without a site key (or no configuration) as not loaded', async () => {
    const config = { botCheck: { provider: 'recaptcha' as const, scriptUrl: '/sandbox/recaptcha/api.js' }, mainSiteUrl: '', supportEmail: '', helpUrl: '' };
    await expect(createBotCheck(async () => config).getToken('new_purchase')).rejects.toBeInstanceOf(BotCheckNotLoadedError);
    await expect(createBotCheck(async () => null).getToken('new_purchase')).rejects.toBeInstanceOf(BotCheckNotLoadedError);
  });
});
