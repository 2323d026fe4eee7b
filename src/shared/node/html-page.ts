/**
 * Server-rendered HTML pages (a ticket's pass page, the sandboxes' pages):
 * one escape for every value put in them, and one document shell.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * A whole page: its language, a phone viewport, kept out of search indexes, one inline style
 * sheet and no script. `title` is plain text (escaped here); `body` is the HTML inside <body>.
 */
export function htmlDocument(input: { lang: 'es' | 'en'; title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(input.title)}</title>
<style>${input.style}</style>
</head>
<body>
${input.body}
</body>
</html>`;
}
