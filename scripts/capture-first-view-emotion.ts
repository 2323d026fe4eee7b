/**
 * Writes src/server/storefront/first-view-emotion.ts: the CSS rules emotion inserts for MUI's
 * styles while the storefront renders an event's first screen, with their names, read from a
 * running build in Chromium (the ticket page at phone and desktop widths, in Spanish and
 * English). The server puts them in the page's head as emotion's server-rendered styles
 * (`<style data-emotion="css name…">`), so emotion marks them inserted when it starts and does
 * not compile them again in React's first commit. Run it again when those styles change.
 *   npm run build && (serve dist/client with DEMO_EVENTS=on) &&
 *   npx tsx scripts/capture-first-view-emotion.ts http://127.0.0.1:PORT/demo
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const target = fileURLToPath(new URL('../src/server/storefront/first-view-emotion.ts', import.meta.url));
const VIEWPORTS = [
  { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];
/** emotion's class of a rule: `.css-{name}` (its cache key is MUI's default, `css`). */
const CLASS = /\.css-([A-Za-z0-9_-]+)/;

const url = process.argv[2];
if (!url) throw new Error('Usage: npx tsx scripts/capture-first-view-emotion.ts http://127.0.0.1:PORT/demo');
const browser = await puppeteer.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const rulesByName = new Map<string, string[]>();
try {
  for (const viewport of VIEWPORTS) {
    for (const lang of ['es', 'en']) {
      const page = await browser.newPage();
      // emotion inserts each rule with insertRule (its production sheet): keep its text as emotion wrote it.
      await page.evaluateOnNewDocument(() => {
        const inserted: string[] = [];
        Object.assign(window, { emotionRules: inserted });
        const insertRule = CSSStyleSheet.prototype.insertRule;
        CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
          if (this.ownerNode instanceof Element && this.ownerNode.getAttribute('data-emotion') === 'css') inserted.push(rule);
          return insertRule.call(this, rule, index);
        };
      });
      await page.setViewport(viewport);
      await page.goto(`${url}?lang=${lang}`, { waitUntil: 'networkidle0' });
      // React's first render has replaced the server's static first view.
      await page.waitForFunction(() => !document.querySelector('#root > .fv'), { timeout: 20_000 });
      const rules = await page.evaluate(() => (window as unknown as { emotionRules: string[] }).emotionRules);
      for (const rule of rules) {
        const name = CLASS.exec(rule)?.[1];
        if (!name) continue;
        const list = rulesByName.get(name) ?? [];
        if (!rulesByName.has(name)) rulesByName.set(name, list);
        if (!list.includes(rule)) list.push(rule);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
}
const names = [...rulesByName.keys()];
if (names.length === 0) throw new Error('No emotion rules found: did the storefront render?');
const css = [...rulesByName.values()].flat().join('');
// It goes inside a <style> element of the page.
if (css.includes('</')) throw new Error('The captured CSS contains "</".');
writeFileSync(
  target,
  `/**\n * Written by scripts/capture-first-view-emotion.ts (run it again when the first screen's MUI styles change):\n` +
    ` * the rules emotion inserts for the storefront's first screen, by emotion's name (page-template.ts).\n */\n` +
    `export const FIRST_VIEW_EMOTION = ${JSON.stringify({ names, css }, null, 2)};\n`,
);
console.log(`${names.length} names, ${css.length} characters of CSS → ${target}`);
