import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { buildRoot, demoEvent } from './fakeApi';

describe('EventStore', () => {
  it('loads an event once per url, ticket query and access code, and passes both on', async () => {
    const { root, calls } = buildRoot();
    await root.event.load('demo', '7', 'codigo-de-acceso-123');
    await root.event.load('demo', '7', 'codigo-de-acceso-123');
    await root.event.load('demo');
    expect(calls.getEvent).toEqual([['demo', '7', 'codigo-de-acceso-123']]);
    expect(root.event).toMatchObject({ status: 'ready', hasProducts: true, currency: 'MXN' });
    expect(root.event.htmlAt('TICKET_INFO')).toHaveLength(1);
  });

  it('reports a failed load', async () => {
    const { root } = buildRoot({ getEvent: new ApiError(404, 'Evento no encontrado') });
    expect(await root.event.load('nope')).toBe(false);
    expect(root.event.status).toBe('error');
  });
});

describe('EventStore: the event inlined in the page', () => {
  it('is ready at once and loading the same url and queries asks the API nothing; another event is loaded as before', async () => {
    const { root, calls } = buildRoot();
    root.event.adopt({ url: 'demo', ticket: null, access: null, answer: demoEvent({ idiomaDefault: 'en' }) });
    expect(root.event).toMatchObject({ status: 'ready', url: 'demo', hasProducts: true });
    expect(root.ui.language).toBe('en');
    expect(await root.event.load('demo', null, null)).toBe(true);
    expect(calls.getEvent).toEqual([]);
    await root.event.load('otro');
    expect(calls.getEvent).toEqual([['otro', null, null]]);
  });
});

describe('UiStore language', () => {
  it('defaults to es, keeps the choice in localStorage under "language"', () => {
    const { root, localStorage } = buildRoot();
    expect(root.ui.language).toBe('es');
    root.ui.setLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it("lets the event's idiomaDefault override the stored choice", async () => {
    const { root, localStorage } = buildRoot({ getEvent: demoEvent({ idiomaDefault: 'en' }) });
    localStorage.setItem('language', 'es');
    await root.event.load('demo');
    expect(root.ui.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('es');
  });

  it('reads the hide_language_switch flag', async () => {
    const { root } = buildRoot({ getEvent: demoEvent({ hide_language_switch: true }) });
    await root.event.load('demo');
    expect(root.event.hideLanguageSwitch).toBe(true);
  });

  it('counts pending requests and loads the config once', async () => {
    const { root, calls } = buildRoot();
    const pending = root.ui.track(new Promise((resolve) => setTimeout(resolve, 5)));
    expect(root.ui.isBusy).toBe(true);
    await pending;
    expect(root.ui.isBusy).toBe(false);
    await Promise.all([root.ui.loadConfig(), root.ui.loadConfig()]);
    expect(calls.getConfig).toHaveLength(1);
    expect(root.ui.appConfig?.helpUrl).toBe('https://help.example');
  });
});
