import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { layoutSource, SLOT, type LayoutShape } from './mail-layout';
import type { MailWords } from './mail-texts';

/**
 * The layouts compiled so far, one per shape (language, number of paragraphs and facts, a button or
 * not: a few dozen at most). Filling a compiled layout's slots costs microseconds, so each shape is
 * compiled once per process.
 */
const compiled = new Map<string, Promise<string>>();

let pool: Piscina<string, string> | undefined;

/**
 * MJML takes about a second to load and milliseconds of CPU per compile, so it runs on a worker
 * thread of its own (`mail-layout-worker.mjs`; never loaded on the event loop's thread): one
 * thread, started by the first shape to compile; an idle one ends after a minute and never keeps
 * a process alive.
 */
function compile(shape: LayoutShape): Promise<string> {
  pool ??= new Piscina<string, string>({
    filename: fileURLToPath(new URL('./mail-layout-worker.mjs', import.meta.url)),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return pool.run(layoutSource(shape));
}

function compiledLayout(shape: LayoutShape): Promise<string> {
  const key = JSON.stringify(shape);
  let layout = compiled.get(key);
  if (!layout) {
    layout = compile(shape);
    compiled.set(key, layout);
    // A failed compile is not kept: the next e-mail tries again.
    layout.catch(() => compiled.delete(key));
  }
  return layout;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A value made text in HTML, in an element or a quoted attribute alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

/** Only web links become a button (never `javascript:` or `data:`); the text part still carries the sentence and the link. */
const webLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * The HTML part of an e-mail: the shared layout compiled by MJML (tables and inline styles, which
 * Gmail, Outlook and Apple Mail render), its slots filled with the words, each escaped. The slots are
 * replaced in one pass over the compiled HTML, so a value is never read again as a slot or as markup.
 */
export async function mailHtml(words: MailWords): Promise<string> {
  const action = words.action && webLink(words.action.url) ? words.action : null;
  const shape: LayoutShape = { lang: words.lang, paragraphs: words.paragraphs.length, facts: words.facts.length, action: action !== null };
  const values = [
    words.subject,
    words.paragraphs[0] ?? words.subject,
    words.heading,
    words.greeting,
    ...words.paragraphs,
    ...words.facts.flatMap((fact) => [fact.label, fact.value]),
    ...(action ? [action.sentence, action.button, action.url] : []),
    words.footer,
  ];
  const layout = await compiledLayout(shape);
  return layout.replace(SLOT, (_, index: string) => escapeHtml(values[Number(index)] ?? ''));
}
