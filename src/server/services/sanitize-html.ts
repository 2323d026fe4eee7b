import sanitize from 'sanitize-html';

const options: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class', 'id', 'lang', 'dir'],
  },
  // No javascript:, data: or vbscript: links; images may be https or same-origin paths.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener window to the target.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Operator HTML made safe to store and show: no scripts, no event handlers, no javascript: URLs. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitize(html, options);
}
