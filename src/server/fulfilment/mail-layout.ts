/**
 * The one MJML layout of every e-mail: the event's name as a header, the paragraphs, the facts as a
 * table, a button for the main link, the reference as a footer. Every value is a slot (`%%n%%`) that
 * `mail-html.ts` fills, escaped, after compiling; the layout itself holds no words. Fonts are the
 * system's (no web font, so MJML adds no `<link>`), and every style ends up inline.
 */

/** What changes the compiled layout: the language and how many blocks it has. */
export interface LayoutShape {
  lang: 'es' | 'en';
  paragraphs: number;
  facts: number;
  action: boolean;
}

/** The slot of the `index`th value. */
export const slot = (index: number) => `%%${index}%%`;
/** A filled slot's pattern (the compiled HTML is scanned once with it). */
export const SLOT = /%%(\d+)%%/g;

const FONT = 'Helvetica, Arial, sans-serif';
const INK = '#1f2937';
const MUTED = '#6b7280';
const BRAND = '#1d4ed8';

/**
 * The MJML source of a shape. Slots in order: subject (title), preview, heading, greeting, each
 * paragraph, each fact's label and value, the action's sentence, button and URL, the footer.
 */
export function layoutSource(shape: LayoutShape): string {
  let next = 0;
  const take = () => slot(next++);
  const title = take();
  const preview = take();
  const heading = take();
  const greeting = take();
  const paragraphs = Array.from({ length: shape.paragraphs }, () => `<mj-text>${take()}</mj-text>`).join('');
  const rows = Array.from({ length: shape.facts }, () =>
    `<tr><td style="padding:4px 16px 4px 0;font-weight:bold;vertical-align:top;white-space:nowrap;">${take()}</td><td style="padding:4px 0;vertical-align:top;">${take()}</td></tr>`).join('');
  const facts = shape.facts ? `<mj-table font-size="15px" line-height="1.5" color="${INK}" padding="8px 25px">${rows}</mj-table>` : '';
  const action = shape.action
    ? `<mj-text padding-top="16px">${take()}</mj-text><mj-button align="left" background-color="${BRAND}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="12px 24px" href="${slot(next + 1)}">${slot(next)}</mj-button>`
    : '';
  if (shape.action) next += 2;
  const footer = take();
  return `<mjml lang="${shape.lang}">
  <mj-head>
    <mj-title>${title}</mj-title>
    <mj-preview>${preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="15px" line-height="1.5" color="${INK}" padding="6px 25px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-section background-color="${INK}" padding="20px 0">
      <mj-column><mj-text color="#ffffff" font-size="22px" font-weight="bold" line-height="1.3">${heading}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="20px 0">
      <mj-column>
        <mj-text padding-bottom="12px">${greeting}</mj-text>
        ${paragraphs}
        ${facts}
        ${action}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 0 24px">
      <mj-column><mj-text font-size="13px" color="${MUTED}">${footer}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}
