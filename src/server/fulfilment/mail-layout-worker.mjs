// The mail-layout worker thread (a piscina task file): compiles an MJML source to HTML. Plain
// JavaScript that needs nothing but `mjml`, so the thread starts without a TypeScript loader.
import mjml2html from 'mjml';

/** One layout source compiled (strict validation: a layout error fails the job with MJML's messages). */
export default async function compileLayout(source) {
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length) throw new Error(`e-mail layout: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}
