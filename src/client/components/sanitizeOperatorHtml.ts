import DOMPurify, { type Config } from 'dompurify';

/**
 * The operator's HTML made safe again in the browser by DOMPurify (defence in depth: the server already
 * cleaned it when the event was imported, src/server/services/sanitize-html.ts), held to the server's
 * allow-list: its tags, its attributes (on any allowed tag; no `data-*` or `aria-*`) and its URL
 * schemes, relative URLs allowed and protocol-relative ones not (DOMPurify lets `data:` images through
 * too: an image runs no script). No `target`: the storefront opens
 * the operator's links in the same tab, so their `rel` is left as the server wrote it. DOMPurify
 * drops script, style, template, noscript, svg, math and the like with their content, any other
 * element not allowed keeps its content, and comments go. It needs no eval (the storefront's CSP).
 */
const CONFIG: Config = {
  ALLOWED_TAGS: (
    'address article aside footer header h1 h2 h3 h4 h5 h6 hgroup main nav section blockquote dd div dl dt ' +
    'figcaption figure hr li menu ol p pre ul a abbr b bdi bdo br cite code data dfn em i kbd mark q rb rp rt ' +
    'rtc ruby s samp small span strong sub sup time u var wbr caption col colgroup table tbody td tfoot th ' +
    'thead tr img'
  ).split(' '),
  ALLOWED_ATTR: ['href', 'name', 'rel', 'title', 'src', 'alt', 'width', 'height', 'loading', 'class', 'id', 'lang', 'dir'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // http, https, mailto and tel; or no scheme at all (a path, a query, a fragment) but not `//host`.
  // DOMPurify removes whitespace and control characters before testing, as browsers ignore them.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z/\\]|[/\\](?![/\\])|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export function sanitizeOperatorHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}
