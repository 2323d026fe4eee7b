import enCheckout from '../../../locales/en/checkout.json';
import esCheckout from '../../../locales/es/checkout.json';
import type { PublicEventResponse } from '../../shared/api';
import { formatMoney, pesosToCents } from '../../shared/money';
import { esc } from '../../shared/node/html-page';
import { sanitizeOperatorHtml } from '../services/sanitize-html';
import type { PageLang } from './event-head';

const CHECKOUT = { es: esCheckout, en: enCheckout } as const;

/** The steps under `/{url}` whose header keeps a place for the hold countdown (the flow's `showsHoldTimer` steps, src/client/flow/checkoutFlow.ts). */
const HOLD_STEPS = new Set(['productos', 'form', 'payment-method']);

type BarStep = 'tickets' | 'products' | 'information' | 'payment';

/**
 * The held steps whose page opens with a panel of its heading and introduction, the same for
 * every buyer (src/client/components/PendingStepHeading.tsx draws it until the page is there).
 */
const HEADED_STEPS = {
  form: { step: 'information', strings: (lang: PageLang) => CHECKOUT[lang].form },
  'payment-method': { step: 'payment', strings: (lang: PageLang) => CHECKOUT[lang].payment },
} as const satisfies Record<string, { step: BarStep; strings: (lang: PageLang) => { title: string; intro: string } }>;

export interface FirstViewInput {
  lang: PageLang;
  /** The path segment after `/{url}`: '' on the ticket page, `form`, `payment-method`, … */
  step: string;
  answer: PublicEventResponse;
  currency: string;
}

function header(input: FirstViewInput): string {
  const { event } = input.answer;
  const logo = event.image_path
    ? `<img class="fv-logo" src="${esc(event.image_path)}" width="48" height="48" alt="">`
    : '<span class="fv-logo"></span>';
  const timer = HOLD_STEPS.has(input.step) ? '<span class="fv-timer"></span>' : '';
  const languages = event.config?.hide_language_switch === true
    ? ''
    : `<span class="fv-lang">${(['es', 'en'] as const).map((lang) => `<span class="fv-b${lang === input.lang ? ' fv-on' : ''}">${lang.toUpperCase()}</span>`).join('')}</span>`;
  return `<div class="fv-h"><div class="fv-hi">${logo}<p class="fv-name">${esc(event.name)}</p>${timer}${languages}</div></div>`;
}

/**
 * The step bar as the storefront's first render draws it on `step` (`barSteps`,
 * src/client/flow/checkoutFlow.ts, before a held purchase is restored): tickets, products when
 * there are any, the attendee form when the buyer is on it, payment; the steps before the current
 * one done.
 */
function stepBar(input: FirstViewInput, step: BarStep): string {
  const { steps } = CHECKOUT[input.lang];
  const bar: BarStep[] = ['tickets', ...(input.answer.productos.length > 0 ? ['products' as const] : []), ...(step === 'information' ? ['information' as const] : []), 'payment'];
  const current = bar.indexOf(step);
  const state = (index: number) => (index === current ? ' class="fv-on"' : index < current ? ' class="fv-done"' : '');
  return `<ol class="fv-steps">${bar.map((id, index) => `<li${state(index)}><span>${index + 1}.</span>${esc(steps[id])}</li>`).join('')}</ol>`;
}

function ticketRows(input: FirstViewInput): string {
  const { tickets } = CHECKOUT[input.lang];
  return input.answer.tickets
    .map((ticket) => {
      const choice = ticket.maximum > 0
        ? `<div class="fv-q"><span>${esc(tickets.quantity)}</span><select><option>0</option></select></div>`
        : `<p class="fv-out">${esc(tickets.soldOut)}</p>`;
      const more = ticket.description ? `<span class="fv-more">${esc(tickets.moreInfo)}</span>` : '';
      // Prices as the storefront shows them: es-MX with two decimals whatever the page's language.
      const price = formatMoney(pesosToCents(Number(ticket.price)), input.currency, 'es-MX');
      return `<li><div class="fv-r"><div class="fv-n"><div>${esc(ticket.name)}</div><p>${esc(price)}</p></div>${choice}</div>${more}</li>`;
    })
    .join('');
}

function ticketPage(input: FirstViewInput): string {
  const { tickets, waitingRoom } = CHECKOUT[input.lang];
  // An event with a waiting room opens on the room's page (the browser may have no turn yet): its heading, not the tickets.
  if (input.answer.event.sala_espera) {
    return `${stepBar(input, 'tickets')}<div class="fv-grid"><div><div class="fv-p"><div class="fv-t">${esc(waitingRoom.title)}</div><p>${esc(waitingRoom.checking)}</p></div></div></div>`;
  }
  const rows = input.answer.tickets.length > 0 ? `<ul class="fv-rows">${ticketRows(input)}</ul>` : `<p>${esc(tickets.none)}</p>`;
  const info = input.answer.event.html
    .filter((block) => block.posicion === 'TICKET_INFO')
    .map((block) => `<div class="fv-html">${sanitizeOperatorHtml(block.html)}</div>`)
    .join('');
  return `${stepBar(input, 'tickets')}<div class="fv-grid"><div><div class="fv-p"><div class="fv-t">${esc(tickets.title)}</div>${rows}${info}</div></div></div>`;
}

/** A held step's step bar and opening panel: what its page shows before the held purchase is known. */
function headedStep(input: FirstViewInput, headed: (typeof HEADED_STEPS)[keyof typeof HEADED_STEPS]): string {
  const { title, intro } = headed.strings(input.lang);
  return `${stepBar(input, headed.step)}<div class="fv-grid"><div><div class="fv-p"><div class="fv-t">${esc(title)}</div><p class="fv-i">${esc(intro)}</p></div></div></div>`;
}

/**
 * The first view as static HTML, put in `#root` so the page paints before the JavaScript has
 * arrived: the header (logo, name, language switch; the countdown's place on the hold steps) on
 * every step; on the ticket page the step bar, the ticket rows (name, price, quantity or sold
 * out) and the operator's ticket information; on the attendee form and the payment step the step
 * bar and the panel of the step's heading and introduction. A picture of React's first render at the same size
 * and place (style: `first-view-style.ts`), never a working copy: no landmarks or headings, hidden
 * from assistive technology and inert (nothing in it can be focused or clicked); React's first
 * render replaces it.
 */
export function firstView(input: FirstViewInput): string {
  const headed = Object.hasOwn(HEADED_STEPS, input.step) ? HEADED_STEPS[input.step as keyof typeof HEADED_STEPS] : undefined;
  const main = input.step === '' ? ticketPage(input) : headed ? headedStep(input, headed) : '';
  return `<div class="fv" aria-hidden="true" inert>${header(input)}<div class="fv-m">${main}</div></div>`;
}
