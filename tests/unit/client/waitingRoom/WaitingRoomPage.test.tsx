import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { WaitingRoomStatusResponse } from '../../../../src/shared/api';
import { WaitingRoomPage } from '../../../../src/client/waitingRoom/WaitingRoomPage';
import { renderLanguages } from '../../support/render-languages';

const languages = renderLanguages();

const lottery = (abre: string): WaitingRoomStatusResponse => ({ estado: 'sorteo', lugar: null, espera_segundos: null, abre, turno: null, turno_vence: null });
const render = (language: 'es' | 'en', status: WaitingRoomStatusResponse) =>
  renderToStaticMarkup(<I18nextProvider i18n={languages[language]}><WaitingRoomPage status={status} failed={false} /></I18nextProvider>);

describe('the waiting page before its place is known', () => {
  it('says when the sale opens and that a draw gives the places, before the opening', () => {
    const html = render('es', lottery(new Date(Date.now() + 3_600_000).toISOString()));
    expect(html).toContain('La venta abre el');
    expect(html).toContain('un sorteo te da tu lugar');
  });

  it('says the draw is about to give the place once the opening has passed (the draw waits for the arrivals still in line)', () => {
    expect(render('es', lottery(new Date(Date.now() - 5_000).toISOString()))).toContain('La venta ya abrió: el sorteo está por darte tu lugar.');
    expect(render('en', lottery(new Date(Date.now() - 5_000).toISOString()))).toContain('The sale has opened: the draw is about to give you your place.');
  });
});
