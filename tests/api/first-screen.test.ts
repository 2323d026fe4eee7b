import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const ORIGIN = 'https://boletos.example.mx';
/** The access code of the hidden type's link. */
const ACCESS = 'cortesia-prueba-Xy7Qw2Lm';
/** The shape of the built index.html (vite build): what the server fills in. */
const INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Boletos</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function fixture(change: (file: Record<string, any>) => void = () => {}): Record<string, any> {
  const file = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'prueba-api.event.json'), 'utf8'));
  file.event.name = 'Noche </script><b>"Marea"</b> \u2028 & amigos';
  file.event.starts_at = '2027-03-13T20:00:00-06:00';
  file.event.ends_at = '2027-03-14T01:30:00-06:00';
  file.event.venue = { name: 'Foro Sol', address: 'Viaducto Río de la Piedad s/n, CDMX', latitude: 19.4055, longitude: -99.0927 };
  file.tickets[3].price = 8642; // the hidden "Cortesía": its price must appear nowhere in the head
  file.tickets[3].access_code = ACCESS;
  change(file);
  return file;
}

/** The head's meta tags as name/property → content, entities decoded. */
function metaTags(html: string): Map<string, string> {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) tags.set(match[1], decode(match[2]));
  return tags;
}

function jsonLd(html: string): Record<string, any> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]);
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

/** What the root element holds before the JavaScript runs. */
function root(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html);
  expect(match).not.toBeNull();
  return match![1];
}

describe.skipIf(skipDatabase)('the first screen: the HTML of /{url} carries the event', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    t = await createTestApp({ clientDir: dir, publicUrl: ORIGIN });
    await t.importEvent(fixture());
    await t.importEvent(fixture((file) => {
      file.url = 'prueba-oculta';
      file.event.name = 'Fiesta privada';
      file.event.share = { listed: false };
    }));
    await t.importEvent(fixture((file) => {
      file.url = 'prueba-compartir';
      file.event.share = {
        title: 'Marea: la noche',
        description: 'Tres escenarios, una noche',
        image: { url: '/demo/share.jpg', width: 1200, height: 630, type: 'image/jpeg', alt: 'El escenario principal' },
      };
    }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('title, description (date, venue, from-price), canonical, hreflang, OpenGraph and Twitter tags, every value escaped', async () => {
    const res = await get('/prueba-api');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Noche &lt;/script&gt;&lt;b&gt;&quot;Marea&quot;&lt;/b&gt; \u2028 &amp; amigos · boletos</title>');
    expect(html).not.toContain('<b>');
    const tags = metaTags(html);
    const description = 'sábado, 13 de marzo de 2027, 20:00 h – 01:30 h · Foro Sol · Desde $350.00';
    expect(tags.get('description')).toBe(description);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/prueba-api">`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${ORIGIN}/prueba-api">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/prueba-api?lang=en">`);
    expect(tags.get('og:title')).toBe('Noche </script><b>"Marea"</b> \u2028 & amigos');
    expect(tags.get('og:description')).toBe(description);
    expect(tags.get('og:url')).toBe(`${ORIGIN}/prueba-api`);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('twitter:card')).toBe('summary');
    expect(tags.get('twitter:data1')).toBe('sábado, 13 de marzo de 2027, 20:00 h – 01:30 h');
    expect(tags.get('twitter:data2')).toBe('Foro Sol, Viaducto Río de la Piedad s/n, CDMX');
    // The logo is an SVG, which no preview shows: no image rather than a broken one.
    expect(tags.has('og:image')).toBe(false);
  });

  it('a schema.org Event with its required properties and offers from the listed types on sale (not the sold-out one); a hidden type is nowhere in the head', async () => {
    const html = (await get('/prueba-api')).body;
    const event = jsonLd(html);
    expect(event['@context']).toBe('https://schema.org');
    expect(event['@type']).toBe('Event');
    expect(event.name).toBe('Noche </script><b>"Marea"</b> \u2028 & amigos');
    expect(event.startDate).toBe('2027-03-13T20:00:00-06:00');
    expect(event.endDate).toBe('2027-03-14T01:30:00-06:00');
    expect(event.location).toMatchObject({ '@type': 'Place', name: 'Foro Sol', address: 'Viaducto Río de la Piedad s/n, CDMX' });
    expect(event.offers).toEqual({
      '@type': 'AggregateOffer',
      url: `${ORIGIN}/prueba-api`,
      priceCurrency: 'MXN',
      lowPrice: 350,
      highPrice: 1200,
      offerCount: 3,
      availability: 'https://schema.org/InStock',
      validThrough: '2027-03-14T01:30:00-06:00',
    });
    // Escaped inside the script element: no "</script>" or raw U+2028 can end or break it.
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script).not.toMatch(/[<>\u2028]/);
    expect(head(html)).not.toContain('8642');
    expect(head(html)).not.toContain('Cortesía');
    // Even opened with the hidden type's link, the head shows only the listed offers.
    const withAccess = await get(`/prueba-api?ticket=4&access=${encodeURIComponent('nope')}`);
    expect(head(withAccess.body)).not.toContain('8642');
  });

  it('the event is inlined for the first view, as GET /api/event/{url} answers it; on every step too', async () => {
    const api = await get('/api/event/prueba-api');
    for (const path of ['/prueba-api', '/prueba-api/form', '/prueba-api/payment-method', '/prueba-api/mp/loader']) {
      const html = (await get(path)).body;
      const match = /<script id="event-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
      expect(match, path).not.toBeNull();
      expect(match![1]).not.toMatch(/[<>\u2028]/);
      expect(JSON.parse(match![1])).toEqual({ url: 'prueba-api', ticket: null, access: null, answer: api.json() });
      expect(html, path).toContain(`<link rel="canonical" href="${ORIGIN}/prueba-api">`);
    }
  });

  it('the first view is painted from the HTML: the event and its listed ticket rows (names, prices, sold out) in the root element, escaped, a picture that assistive technology and clicks skip', async () => {
    const html = (await get('/prueba-api')).body;
    const view = root(html);
    expect(view).toMatch(/^<div class="fv" aria-hidden="true" inert>/);
    expect(view).toContain('<p class="fv-name">Noche &lt;/script&gt;&lt;b&gt;&quot;Marea&quot;&lt;/b&gt; \u2028 &amp; amigos</p>');
    expect(view).toContain('Elige tus boletos');
    for (const [name, price] of [['General', '$350.00'], ['VIP', '$1,200.00'], ['Preventa', '$300.00'], ['Limitado', '$500.00']]) {
      expect(view).toContain(`<div>${name}</div><p>${price}</p>`);
    }
    // Preventa has no capacity left.
    expect(view).toContain('<div>Preventa</div><p>$300.00</p></div><p class="fv-out">Agotado</p>');
    // The hidden type is nowhere without its link; the operator's HTML is the sanitised one.
    expect(view).not.toContain('Cortesía');
    expect(view).not.toContain('8642');
    expect(view).toContain('Hola');
    expect(view).not.toMatch(/<b>|<script|onclick|onerror|javascript:/);
    // Its own markup has no link, button, heading or landmark (the operator's HTML is as written, inert like the rest).
    expect(view.replace(/<div class="fv-html">[\s\S]*?<\/div>/g, '')).not.toMatch(/<(a|button|input|h[1-6]|main|header|nav|section)[ >]/);
    expect(head(html)).toMatch(/<style>[^<]*\.fv\{/);
  });

  it('MUI\'s first-screen styles are in the head as emotion\'s server-rendered styles: each name listed has its rule there', async () => {
    const match = /<style data-emotion="css ([^"]+)">([^<]+)<\/style>/.exec(head((await get('/prueba-api')).body));
    expect(match).not.toBeNull();
    const [, names, css] = match!;
    expect(names.split(' ').length).toBeGreaterThan(10);
    for (const name of names.split(' ')) expect(css).toMatch(new RegExp(`\\.css-${name}[^\\w-]`));
    // An unknown event's page has no first view, and no styles for it.
    expect((await get('/no-existe')).body).not.toContain('data-emotion');
  });

  it('an event with a waiting room: the first view is the room\'s heading, not the ticket rows (the browser may have no turn)', async () => {
    await t.importEvent(fixture((file) => {
      file.url = 'prueba-sala';
      file.event.name = 'Estreno con sala';
      file.event.share = { listed: false }; // kept out of the sitemap the test below counts
      file.waiting_room = { mode: 'always', admit_per_minute: 60, session_minutes: 10 };
    }));
    const view = root((await get('/prueba-sala')).body);
    expect(view).toContain('Sala de espera');
    expect(view).not.toContain('Elige tus boletos');
    expect(view).not.toContain('<div>General</div>');
  });

  it('the first view in English, with the hidden type from its link (and only on that page view), and on a step with the header only', async () => {
    const english = root((await get('/prueba-api?lang=en')).body);
    expect(english).toContain('Choose your tickets');
    expect(english).toContain('<p class="fv-out">Sold Out</p>');
    expect(english).toContain('<div>VIP</div><p>$1,200.00</p>');

    const linked = root((await get(`/prueba-api?ticket=4&access=${ACCESS}`)).body);
    expect(linked).toContain('<div>Cortesía</div><p>$8,642.00</p>');
    expect(root((await get('/prueba-api')).body)).not.toContain('Cortesía');

    const form = root((await get('/prueba-api/form')).body);
    expect(form).toContain('<p class="fv-name">Noche &lt;/script&gt;');
    expect(form).toContain('<span class="fv-timer"></span>');
    expect(form).not.toContain('General');
  });

  it('the held steps\' first view: the step bar with the step the buyer is on and its heading panel, the same for every buyer', async () => {
    const form = root((await get('/prueba-api/form')).body);
    expect(form).toMatch(/<ol class="fv-steps"><li class="fv-done"><span>1\.<\/span>Boletos<\/li>.*<li class="fv-on"><span>\d\.<\/span>Información<\/li><li><span>\d\.<\/span>Método de pago<\/li><\/ol>/);
    expect(form).toContain('<div class="fv-p"><div class="fv-t">Asigna tus boletos</div><p class="fv-i">Escribe los datos de cada asistente. Los campos con * son obligatorios.</p></div>');

    // The payment step's bar has no form step: the server cannot know whether the held purchase needs one (the storefront's first render does not either).
    const payment = root((await get('/prueba-api/payment-method?lang=en')).body);
    expect(payment).toMatch(/<ol class="fv-steps"><li class="fv-done"><span>1\.<\/span>Tickets<\/li>.*<li class="fv-on"><span>\d\.<\/span>Payment method<\/li><\/ol>/);
    expect(payment).not.toContain('Information');
    expect(payment).toContain('<div class="fv-t">Choose your payment method</div><p class="fv-i">Choose how you want to pay.');

    // Steps whose page depends on the purchase itself keep the header only.
    for (const path of ['/prueba-api/productos', '/prueba-api/payment-status', '/prueba-api/mp/loader']) expect(root((await get(path)).body), path).not.toContain('fv-steps');
  });

  it('?lang=en: the head in English', async () => {
    const html = (await get('/prueba-api?lang=en')).body;
    expect(html).toContain('<html lang="en">');
    expect(metaTags(html).get('description')).toBe('Saturday, March 13, 2027, 8:00 PM – 1:30 AM · Foro Sol · From MX$350.00');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/prueba-api?lang=en">`);
  });

  it('the event file\'s share: its title, description and picture (absolute, with size and type)', async () => {
    const html = (await get('/prueba-compartir')).body;
    const tags = metaTags(html);
    expect(html).toContain('<title>Marea: la noche · boletos</title>');
    expect(tags.get('description')).toBe('Tres escenarios, una noche');
    expect(tags.get('og:image')).toBe(`${ORIGIN}/demo/share.jpg`);
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('og:image:type')).toBe('image/jpeg');
    expect(tags.get('og:image:alt')).toBe('El escenario principal');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(jsonLd(html).image).toEqual([`${ORIGIN}/demo/share.jpg`]);
  });

  it('an unlisted event reveals nothing in its head and is kept out of search engines', async () => {
    const html = (await get('/prueba-oculta')).body;
    expect(head(html)).toContain('<meta name="robots" content="noindex">');
    expect(head(html)).not.toContain('Fiesta privada');
    expect(head(html)).not.toContain('application/ld+json');
    expect(head(html)).not.toContain('og:');
    expect(head(html)).not.toContain('350');
    // Whoever has the link sees the event, from the first paint.
    expect(root(html)).toContain('<p class="fv-name">Fiesta privada</p>');
  });

  it('an unknown event: 404, the not-found title and noindex, nothing inlined', async () => {
    const res = await get('/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Evento no encontrado · boletos</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain('event-data');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('<style>');
  });

  it('the page is sent compressed to a browser that accepts it', async () => {
    const res = await get('/prueba-api', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Noche');
  });

  it('/robots.txt is text naming the sitemap; /sitemap.xml lists the listed events only', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([`${ORIGIN}/prueba-api`, `${ORIGIN}/prueba-compartir`]);
  });

  it('a path naming a file that does not exist is a real 404, not the storefront', async () => {
    for (const path of ['/favicon.ico', '/assets/index-Gone99.js', '/prueba-api/logo.png', '/wp-login.php']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Paths that are storefront routes still get it.
    for (const path of ['/', '/admin/preview']) expect((await get(path)).statusCode, path).toBe(200);
  });
});
