import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderLanguages } from '../../support/render-languages';
import { InvoiceForm } from '../../../../src/client/invoice/InvoiceForm';
import type { InvoiceAnswers } from '../../../../src/client/invoice/invoiceForm';
import { loadStaticForm } from '../../../../src/client/forms/staticForms';

enableStaticRendering(true);

const languages = renderLanguages();

async function render(language: 'es' | 'en', data: InvoiceAnswers): Promise<string> {
  const form = await loadStaticForm<InvoiceAnswers>('invoice', { initialData: data });
  return renderToStaticMarkup(
    <I18nextProvider i18n={languages[language]}>
      <InvoiceForm form={form} label="Datos fiscales" />
    </I18nextProvider>,
  );
}

/** The options of the select whose id ends with `field`. */
const optionsOf = (html: string, field: string) =>
  [...(new RegExp(`<select[^>]*id="invoice\\.${field}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);

describe('the invoice form as SchemaForm draws it', () => {
  it('labels every field in the page\'s language and lists the régimenes', async () => {
    const es = await render('es', {});
    for (const label of ['RFC', 'Nombre o razón social', 'Régimen fiscal', 'Código postal fiscal', 'Uso del CFDI', 'Correo para recibir la factura', 'Guardar estos datos para mi próxima compra']) expect(es).toContain(label);
    expect(optionsOf(es, 'regimen_fiscal')).toContain('601 · General de Ley Personas Morales');
    const en = await render('en', {});
    expect(en).toContain('Tax regime (régimen fiscal)');
  });

  it('offers only the uses of CFDI the chosen régimen allows', async () => {
    const company = optionsOf(await render('es', { regimen_fiscal: '601' }), 'uso_cfdi');
    expect(company).toContain('G03 · Gastos en general');
    expect(company.some((option) => option.startsWith('D01'))).toBe(false);
    const person = optionsOf(await render('es', { regimen_fiscal: '612' }), 'uso_cfdi');
    expect(person.some((option) => option.startsWith('D01'))).toBe(true);
    expect(optionsOf(await render('es', { regimen_fiscal: '616' }), 'uso_cfdi').filter((option) => /^[A-Z]\d\d/.test(option))).toEqual(['S01 · Sin efectos fiscales']);
  });
});
