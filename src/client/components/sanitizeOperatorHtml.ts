/**
 * The operator's HTML made safe again in the browser (defence in depth: the server already
 * cleaned it with the same allow-list when the event was imported, src/server/services/sanitize-html.ts).
 * Replaces DOMPurify (≈ 9 KiB gzip on every first visit, docs/decisions/016-page-weight.md): the
 * HTML is parsed into an inert document (DOMParser: no script runs, no image loads), then walked
 * against the server's allow-list, so only those elements and attributes and only those URL
 * schemes survive, and serialised again. Whatever the input, the result holds nothing but allowed
 * HTML elements with allowed attributes and text, which parses back to the same.
 */
const ALLOWED_TAGS = new Set(
  (
    'address article aside footer header h1 h2 h3 h4 h5 h6 hgroup main nav section blockquote dd div dl dt ' +
    'figcaption figure hr li menu ol p pre ul a abbr b bdi bdo br cite code data dfn em i kbd mark q rb rp rt ' +
    'rtc ruby s samp small span strong sub sup time u var wbr caption col colgroup table tbody td tfoot th ' +
    'thead tr img'
  ).split(' '),
);
/** Removed with everything inside; any other element not allowed is replaced by its content. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'noscript']);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  // No `target`: the storefront opens the operator's links in the same tab (as DOMPurify, which
  // this replaced, always did), so their `rel` is left as the server wrote it.
  a: new Set(['href', 'name', 'rel', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height', 'loading']),
  '*': new Set(['class', 'id', 'lang', 'dir']),
};
/** Schemes allowed in links and image sources; a URL without a scheme (relative) is allowed too. */
const URL_SCHEMES: Record<string, Set<string>> = {
  href: new Set(['http', 'https', 'mailto', 'tel']),
  src: new Set(['http', 'https']),
};
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

function urlAllowed(attribute: string, value: string): boolean {
  // Browsers ignore whitespace and control characters inside a URL's scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^[\\/]{2}/.test(compact)) return false; // protocol-relative: another host
  const scheme = /^([^/?#:]*):/.exec(compact)?.[1];
  return scheme === undefined || URL_SCHEMES[attribute].has(scheme.toLowerCase());
}

function attributeAllowed(tag: string, name: string, value: string): boolean {
  if (!ALLOWED_ATTRIBUTES['*'].has(name) && !ALLOWED_ATTRIBUTES[tag]?.has(name)) return false;
  return !(name in URL_SCHEMES) || urlAllowed(name, value);
}

function clean(parent: Element): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove(); // comments, processing instructions
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    if (element.namespaceURI !== HTML_NAMESPACE || !ALLOWED_TAGS.has(tag)) {
      if (DROPPED_WITH_CONTENT.has(tag)) {
        element.remove();
      } else {
        clean(element);
        element.replaceWith(...element.childNodes);
      }
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      if (!attributeAllowed(tag, name, value)) element.removeAttribute(name);
    }
    clean(element);
  }
}

export function sanitizeOperatorHtml(html: string): string {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  clean(body);
  return body.innerHTML;
}
