import { jsonInScript } from './event-head';
import type { EventPage } from './event-page';
import { FIRST_VIEW_EMOTION } from './first-view-emotion';
import { FIRST_VIEW_STYLE } from './first-view-style';

/** The element the storefront reads its first event from (`src/client/lib/inlineEvent.ts`). */
export const INLINE_EVENT_ID = 'event-data';

const TITLE = /<title>[^<]*<\/title>/;
const HTML_LANG = /<html lang="[a-z]+">/;
const ROOT = '<div id="root"></div>';
/**
 * The first view's own style, then MUI's styles of the storefront's first screen as emotion's
 * server-rendered styles: emotion, starting, marks the names in `data-emotion` inserted and
 * leaves them out of React's first commit instead of compiling them again (rules it has not
 * got here it inserts as before).
 */
const STYLE = `<style>${FIRST_VIEW_STYLE}</style><style data-emotion="css ${FIRST_VIEW_EMOTION.names.join(' ')}">${FIRST_VIEW_EMOTION.css}</style>`;

/**
 * The built index.html cut once where an event's page differs: the language, the head (its
 * `<title>` is replaced, and the first view's style follows it), the inlined event before the root
 * element and the static first view inside it. Throws at start when the build lacks one of them,
 * not on a buyer's request.
 */
export function pageTemplate(indexHtml: string): (page: EventPage) => string {
  const title = TITLE.exec(indexHtml);
  if (!title || !HTML_LANG.test(indexHtml) || !indexHtml.includes(ROOT)) throw new Error('The storefront build\'s index.html has no <html lang>, <title> or root element.');
  const beforeTitle = indexHtml.slice(0, title.index);
  const [betweenTitleAndRoot, afterRoot] = indexHtml.slice(title.index + title[0].length).split(ROOT);
  return (page) =>
    beforeTitle.replace(HTML_LANG, `<html lang="${page.lang}">`) +
    page.head +
    (page.firstView ? STYLE : '') +
    betweenTitleAndRoot +
    (page.inline ? `<script id="${INLINE_EVENT_ID}" type="application/json">${jsonInScript(page.inline)}</script>` : '') +
    (page.firstView ? `<div id="root">${page.firstView}</div>` : ROOT) +
    afterRoot;
}
