import type { FastifyReply } from 'fastify';
import { esc, htmlDocument } from '../../../shared/html-page';

export { esc };

/** A POST form with one submit button whose visible text is its accessible name. */
export function actionButton(action: string, label: string, variant: 'primary' | 'secondary' = 'primary', fields: Record<string, string> = {}): string {
  const hidden = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`).join('');
  return `<form method="post" action="${esc(action)}">${hidden}<button type="submit" class="${variant}">${esc(label)}</button></form>`;
}

/** A definition list of label → value rows. */
export function facts(rows: [string, string][]): string {
  return `<dl>${rows.map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`;
}

/** Pesos with two decimals, es-MX. */
export function money(cents: number, currency = 'MXN'): string {
  return new Intl.NumberFormat('es-MX', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** A date-time as a buyer in Mexico City reads it. */
export function when(iso: string): string {
  return new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));
}

/**
 * A whole sandbox page: server-rendered, no scripts (the CSP allows none inline), one
 * h1, a banner saying it is the sandbox, landmarks, and forms that POST.
 */
export function page(input: { provider: string; title: string; body: string; accent: string; lang?: 'es' | 'en' }): string {
  const en = input.lang === 'en';
  return htmlDocument({
    lang: en ? 'en' : 'es',
    title: `${input.title} · ${input.provider} (sandbox)`,
    style: `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1b1b; }
  header { background: ${input.accent}; color: #fff; padding: 12px 24px; }
  header p { margin: 0; font-size: 14px; }
  main { max-width: 560px; margin: 24px auto; background: #fff; padding: 24px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 22px; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  form { display: inline-block; margin: 8px 8px 0 0; }
  button { font-size: 16px; padding: 10px 18px; border-radius: 6px; border: 2px solid ${input.accent}; cursor: pointer; }
  button.primary { background: ${input.accent}; color: #fff; } button.secondary { background: #fff; color: #1b1b1b; }
  button:focus-visible, a:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  .status { padding: 8px 12px; border-radius: 6px; background: #eef3fb; }
  .reference { font-family: ui-monospace, monospace; font-size: 20px; letter-spacing: 2px; }
  label { display: block; font-weight: 600; margin-bottom: 4px; }
  select, input { font-size: 16px; padding: 6px; } input { width: 100%; box-sizing: border-box; }
`,
    body: `<header><p><strong>${esc(input.provider)}</strong> · ${en ? 'Payment sandbox: no charge is real.' : 'Sandbox de pagos: ningún cargo es real.'}</p></header>
<main>
<h1>${esc(input.title)}</h1>
${input.body}
</main>
`,
  });
}

/**
 * Lets pages of our own origin frame this response (secure fields, the 3-D Secure
 * challenge): the store's policy forbids every frame ancestor otherwise.
 */
export function framableBySelf(reply: FastifyReply): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '').replace(/frame-ancestors 'none'/, "frame-ancestors 'self'");
  if (csp) reply.header('content-security-policy', csp);
  reply.removeHeader('x-frame-options');
}
