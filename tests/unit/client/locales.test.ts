import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = (language: string) => new URL(`../../../locales/${language}/`, import.meta.url);

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('storefront locales', () => {
  it('es and en have the same keys in every namespace', () => {
    const namespaces = readdirSync(dir('es')).filter((file) => file.endsWith('.json'));
    expect(namespaces).toEqual(expect.arrayContaining(['common.json', 'checkout.json', 'errors.json']));
    for (const file of namespaces) {
      const es = keys(JSON.parse(readFileSync(new URL(file, dir('es')), 'utf8'))).sort();
      const en = keys(JSON.parse(readFileSync(new URL(file, dir('en')), 'utf8'))).sort();
      expect(en, file).toEqual(es);
    }
  });

  it('keeps the Spanish texts the spec quotes word for word', () => {
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
