import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = (language: string) => new URL(`../../../locales/${language}/`, import.meta.url);

// Key parity between es and en (and no empty text) is checked once, in tests/unit/locales/locales.test.ts.
describe('storefront locales', () => {
  it('keeps the Spanish sentences buyers are shown word for word', () => {
    const es = (file: string) => readFileSync(new URL(file, dir('es')), 'utf8');
    for (const sentence of [
      'No autorizado. Inicia sesión nuevamente.',
      'Demasiadas solicitudes. Intenta de nuevo más tarde.',
      'Ocurrio un problema',
      'Contacta a soporte, porfavor',
      'Click aqui',
      'Introduce un código de descuento valido',
      'Agrega entradas a tu carrito para continuar',
      'No se ha encontrado el codigo de descuento',
      'reCAPTCHA no cargado aún',
    ]) {
      expect(es('errors.json')).toContain(sentence);
    }
    expect(es('common.json')).toContain('No encontramos el evento');
    expect(es('common.json')).toContain('Se perderan tus accesos');
    expect(es('checkout.json')).toContain('Cargo por servicio');
    expect(es('checkout.json')).toContain('MÁS INFORMACIÓN');
    expect(es('checkout.json')).toContain('Elige tus productos.');
  });
});
