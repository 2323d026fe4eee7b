import { mailHtml } from './mail-html';
import type { MailLang, MailWords } from './mail-texts';

/** What the mailer sends of one e-mail's words: its subject, both parts and their language. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  lang: MailLang;
}

/** The text part: greeting, the paragraphs one per line, the facts, the main link, the reference. */
export function mailPlainText(words: MailWords): string {
  return [
    words.greeting,
    '',
    ...words.paragraphs,
    ...(words.facts.length ? ['', ...words.facts.map((fact) => `${fact.label}: ${fact.value}`)] : []),
    ...(words.action ? ['', `${words.action.sentence} ${words.action.url}`] : []),
    '',
    words.footer,
  ].join('\n');
}

/** One e-mail's words as the message a buyer reads: the text part and the HTML part say the same. */
export async function renderMail(words: MailWords): Promise<RenderedMail> {
  return { subject: words.subject, text: mailPlainText(words), html: await mailHtml(words), lang: words.lang };
}
