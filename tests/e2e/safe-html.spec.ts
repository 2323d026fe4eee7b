import { expect, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sanitizeOperatorHtml as serverSanitize } from '../../src/server/services/sanitize-html';

/**
 * The storefront's sanitiser for operator HTML (src/client/components/sanitizeOperatorHtml.ts:
 * DOMPurify held to the server's allow-list), bundled and run in Chromium: on HTML the server has
 * cleaned (all the storefront ever receives) it answers as DOMPurify's plain HTML profile does; on
 * hostile HTML only allowed tags and `href`/`src` without a script scheme survive.
 */
const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const sanitiser = buildSync({
  entryPoints: [file('../../src/client/components/sanitizeOperatorHtml.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'operatorHtml',
}).outputFiles[0].text;
const domPurify = readFileSync(file('../../node_modules/dompurify/dist/purify.min.js'), 'utf8');

/** The HTML blocks of an event file (there must be some: an empty list would test nothing). */
function eventHtml(path: string): string[] {
  const blocks = (JSON.parse(readFileSync(file(path), 'utf8')) as { event: { html?: { html: string }[] } }).event.html ?? [];
  if (blocks.length === 0) throw new Error(`${path} has no HTML blocks`);
  return blocks.map((block) => block.html);
}

const operatorHtml = [
  ...eventHtml('../../src/server/demo/demo.json'),
  '<h2>Acceso</h2><p>Consulta el <a href="https://example.com/mapa" title="Mapa">mapa</a> o escribe a <a href="mailto:hola@example.com">hola</a>.</p>',
  '<p>Nuevo tab: <a href="https://example.com" target="_blank">aquí</a>, teléfono <a href="tel:+525555555555">55 5555 5555</a>.</p>',
  '<img src="https://example.com/a.png" alt="Escenario" width="200" height="100" loading="lazy"><p class="nota" id="n1" lang="en" dir="ltr">Note</p>',
  '<table><thead><tr><th>Zona</th></tr></thead><tbody><tr><td>A &amp; B &lt;VIP&gt;</td></tr></tbody></table>',
  '<ul><li><strong>Uno</strong> <em>dos</em> <code>tres</code></li></ul><blockquote>Cita</blockquote><hr><pre>  a\n b</pre>',
  '<p style="color:red" onclick="alert(1)">Texto <span>con</span> <a href="javascript:alert(1)">enlace</a><script>alert(1)</script></p>',
];

const hostile = [
  '<img src=x onerror=alert(1)>',
  '<a href="java\tscript:alert(1)">x</a><a href=" JAVASCRIPT:alert(1)">y</a><a href="//evil.example/">z</a><a href="data:text/html,<script>alert(1)</script>">d</a>',
  '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe><object data="x"></object><embed src="x">',
  '<template><img src=x onerror=alert(1)></template><textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp><title><img src=x onerror=alert(1)></title>',
  '<div><style>@import "x"</style><base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"></div>',
  '<a href="&#106;avascript:alert(1)">e</a><img src="http://ok.example/a.png" srcset="javascript:alert(1)">',
  '<!-- <img src=x onerror=alert(1)> --><p>after comment</p>',
];

test.beforeEach(async ({ page }) => {
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: sanitiser });
  await page.addScriptTag({ content: domPurify });
});

test('HTML the server cleaned comes out as DOMPurify\'s HTML profile leaves it', async ({ page }) => {
  const inputs = operatorHtml.map(serverSanitize);
  const results = await page.evaluate((list) => {
    const w = window as unknown as {
      operatorHtml: { sanitizeOperatorHtml: (html: string) => string };
      DOMPurify: { sanitize: (html: string, options: object) => string };
    };
    return list.map((html) => ({
      ours: w.operatorHtml.sanitizeOperatorHtml(html),
      domPurify: w.DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }),
    }));
  }, inputs);
  expect(results.length).toBe(operatorHtml.length);
  expect(results.map((result) => result.ours)).toEqual(results.map((result) => result.domPurify));
});

test('nothing executable survives hostile HTML, and a second pass changes nothing', async ({ page }) => {
  const results = await page.evaluate((list) => {
    const w = window as unknown as { operatorHtml: { sanitizeOperatorHtml: (html: string) => string } };
    return list.map((html) => {
      const clean = w.operatorHtml.sanitizeOperatorHtml(html);
      const holder = document.createElement('template');
      holder.innerHTML = clean;
      const elements = [...holder.content.querySelectorAll('*')];
      return {
        clean,
        again: w.operatorHtml.sanitizeOperatorHtml(clean),
        tags: [...new Set(elements.map((element) => element.localName))],
        attributes: [...new Set(elements.flatMap((element) => [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`)))],
      };
    });
  }, hostile);
  expect(results.length).toBe(hostile.length);
  for (const { clean, again, tags, attributes } of results) {
    expect(again, clean).toBe(clean);
    for (const tag of tags) expect(['a', 'img', 'p', 'div', 'table', 'tbody', 'tr', 'td'], clean).toContain(tag);
    // Only links and image sources survive here, none with a script-running scheme.
    for (const attribute of attributes) expect(attribute, clean).toMatch(/^(href|src)=(?!\s*(javascript|data|vbscript):)/i);
  }
  expect(results.map((result) => result.clean).join('')).toContain('after comment');
});
