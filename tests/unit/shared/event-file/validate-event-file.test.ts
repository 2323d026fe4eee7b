import { describe, expect, it } from 'vitest';
import type { EventFile } from '../../../../src/shared/event-file/event-file.types';
import { validateEventFile } from '../../../../src/shared/event-file/validate-event-file';

/** A small valid file; each test breaks one thing in a copy. */
function baseFile(): EventFile {
  return {
    url: 'mi-evento',
    hold_minutes: 15,
    event: { name: 'Mi evento', config: { comission_percentage: 0.1, absorb: 'customer', metodo_pago_free: true } },
    tickets: [
      { id: 1, name: 'General', price: 350, minimum: 1, maximum: 10, capacity: 100 },
      { id: 2, name: 'VIP', price: 1200, minimum: 1, maximum: 4, capacity: 10 },
    ],
    productos: [
      {
        id: 1,
        nombre: 'Playera',
        precio: 250,
        minimo: 1,
        maximo: 5,
        stock: 10,
        opciones: [{ id: 'talla', label: 'Talla', options: { values: ['S', 'M'] } }],
      },
    ],
    discount_codes: [{ code: 'DEMO10', percent: 10 }],
  };
}

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function problemsOf(change: (file: Mutable) => void, lang: 'es' | 'en' = 'es') {
  const file = structuredClone(baseFile()) as Mutable;
  change(file);
  const result = await validateEventFile(file, lang);
  return result.valid ? [] : result.problems;
}

const pointersOf = async (change: (file: Mutable) => void) => (await problemsOf(change)).map((p) => p.pointer);

describe('validateEventFile', () => {
  it('returns the file itself, typed, when valid', async () => {
    const file = baseFile();
    const result = await validateEventFile(file);
    expect(result).toEqual({ valid: true, event: file });
    if (result.valid) expect(result.event).toBe(file);
  });

  it('default language is Spanish', async () => {
    const result = await validateEventFile({ ...baseFile(), hold_minutes: 0 });
    expect(result).toEqual({ valid: false, problems: [{ pointer: '/hold_minutes', message: 'debe ser un número mayor o igual a 1' }] });
  });
});

describe('schema problems as sentences', () => {
  it('number limits (a negative price), es and en', async () => {
    const change = (f: Mutable) => {
      f.tickets[0].price = -5;
    };
    expect(await problemsOf(change, 'es')).toEqual([{ pointer: '/tickets/0/price', message: 'debe ser un número mayor o igual a 0' }]);
    expect(await problemsOf(change, 'en')).toEqual([{ pointer: '/tickets/0/price', message: 'must be a number greater than or equal to 0' }]);
  });

  it('a missing required property points where it should be', async () => {
    const change = (f: Mutable) => {
      delete f.tickets[1].capacity;
    };
    expect(await problemsOf(change, 'es')).toEqual([{ pointer: '/tickets/1/capacity', message: 'falta este campo obligatorio' }]);
    expect(await problemsOf(change, 'en')).toEqual([{ pointer: '/tickets/1/capacity', message: 'this required field is missing' }]);
  });

  it('an unknown property suggests the name it was probably meant to be', async () => {
    const change = (f: Mutable) => {
      f.tickets[0].prize = 1;
    };
    expect(await problemsOf(change, 'es')).toEqual([
      { pointer: '/tickets/0/prize', message: 'no es un campo permitido aquí (¿quisiste decir "price"?)' },
    ]);
    expect(await problemsOf(change, 'en')).toEqual([{ pointer: '/tickets/0/prize', message: 'is not an allowed field here (did you mean "price"?)' }]);
    expect(await problemsOf((f) => (f.event.config.metodo_pago_stripe = true), 'en')).toEqual([
      {
        pointer: '/event/config/metodo_pago_stripe',
        message:
          'is not an allowed field here (did you mean "metodo_pago_stripe_tarjeta", "metodo_pago_stripe_google_pay" or "metodo_pago_stripe_apple_pay"?)',
      },
    ]);
    expect((await problemsOf((f) => (f.productos[0].Nombre = 'x')))[0].message).toBe('no es un campo permitido aquí (¿quisiste decir "nombre"?)');
    expect(await problemsOf((f) => (f.event.html = [{ posicion: 'FINISH', html: '', zzz: 1 }]))).toEqual([
      { pointer: '/event/html/0/zzz', message: 'no es un campo permitido aquí (se permiten: posicion, html)' },
    ]);
  });

  it('escapes pointer tokens', async () => {
    expect(await pointersOf((f) => (f.event['a/b~c'] = 1))).toEqual(['/event/a~1b~0c']);
  });

  it('hidden-type access codes and hold limits', async () => {
    const hidden = (f: Mutable) => Object.assign(f.tickets[1], { hidden: true });
    expect(await problemsOf((f) => Object.assign(hidden(f), { access_code: 'prensa-2026-Xq7Lm3Zz' }))).toEqual([]);
    expect(await problemsOf((f) => (f.tickets[0].access_code = 'prensa-2026-Xq7Lm3Zz'), 'en')).toEqual([
      { pointer: '/tickets/0/access_code', message: 'access_code only applies to hidden tickets (hidden: true); this one is listed for everyone' },
    ]);
    expect((await problemsOf((f) => Object.assign(hidden(f), { access_code: 'corto' }))).map((p) => p.pointer)).toEqual(['/tickets/1/access_code']);
    expect(await problemsOf((f) => (f.hold_limits = { max_units_per_client: 8, max_vouchers_per_buyer: 0, max_voucher_share: 0.25 }))).toEqual([]);
    expect((await problemsOf((f) => (f.hold_limits = { max_voucher_share: 1.5 }))).map((p) => p.pointer)).toEqual(['/hold_limits/max_voucher_share']);
  });

  it('types, enums, patterns and formats', async () => {
    expect(await problemsOf((f) => (f.tickets[0].maximum = '10'))).toEqual([{ pointer: '/tickets/0/maximum', message: 'debe ser un número entero' }]);
    expect(await problemsOf((f) => (f.tickets[0].hidden = 'no'), 'en')).toEqual([{ pointer: '/tickets/0/hidden', message: 'must be true or false' }]);
    expect(await problemsOf((f) => (f.event.config.idiomaDefault = 'fr'))).toEqual([
      { pointer: '/event/config/idiomaDefault', message: 'debe ser uno de: "es", "en"' },
    ]);
    expect(await problemsOf((f) => (f.url = 'Mi Evento'), 'en')).toEqual([
      { pointer: '/url', message: 'may only contain lower-case letters, digits and single hyphens (e.g. my-event)' },
    ]);
    expect(await problemsOf((f) => (f.event.config.bines_permitidos = [{ bin: '1234' }]))).toEqual([
      { pointer: '/event/config/bines_permitidos/0/bin', message: 'debe tener exactamente 6 dígitos' },
    ]);
    expect(await problemsOf((f) => (f.discount_codes[0].valid_from = '2026-01-01'))).toEqual([
      {
        pointer: '/discount_codes/0/valid_from',
        message: 'debe ser una fecha y hora ISO 8601 con zona horaria (ej. 2026-01-01T00:00:00Z)',
      },
    ]);
    expect(await problemsOf((f) => (f.tickets = []))).toEqual([{ pointer: '/tickets', message: 'debe tener al menos un elemento' }]);
    expect(await problemsOf((f) => (f.event.name = ''), 'en')).toEqual([{ pointer: '/event/name', message: 'must not be empty' }]);
    expect(await problemsOf((f) => (f.tickets[0].form = [{ id: 'a', type: 'datetime', label: 'A' }]))).toEqual([
      {
        pointer: '/tickets/0/form/0/type',
        message:
          'debe ser uno de: "text", "textarea", "email", "number", "telefono", "select", "multiselect", "country", "date", "curp", "rfc", "checkbox", "file"',
      },
    ]);
  });

  it('hold_minutes must be 1..120', async () => {
    expect(await pointersOf((f) => (f.hold_minutes = 0))).toEqual(['/hold_minutes']);
    expect(await pointersOf((f) => (f.hold_minutes = 121))).toEqual(['/hold_minutes']);
    expect(await pointersOf((f) => (f.hold_minutes = 1))).toEqual([]);
    expect(await pointersOf((f) => (f.hold_minutes = 120))).toEqual([]);
    expect(await pointersOf((f) => delete f.hold_minutes)).toEqual([]);
  });

  it('size bounds: at most 100 ticket types, 50 fields per ticket type, 200 choices per field', async () => {
    const field = (id: string) => ({ id, type: 'text', label: id });
    const types = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `T${i + 1}`, price: 0, minimum: 1, maximum: 1, capacity: 1 }));
    expect(await problemsOf((f) => (f.tickets = types(101)))).toEqual([{ pointer: '/tickets', message: 'debe tener como máximo 100 elementos' }]);
    expect(await pointersOf((f) => (f.tickets = types(100)))).toEqual([]);
    expect(await problemsOf((f) => (f.tickets[0].form = Array.from({ length: 51 }, (_, i) => field(`f${i}`))), 'en')).toEqual([
      { pointer: '/tickets/0/form', message: 'must have at most 50 items' },
    ]);
    expect(await pointersOf((f) => (f.tickets[0].form = Array.from({ length: 50 }, (_, i) => field(`f${i}`))))).toEqual([]);
    const select = (n: number) => ({ id: 's', type: 'select', label: 'S', options: { values: Array.from({ length: n }, (_, i) => `v${i}`) } });
    expect(await pointersOf((f) => (f.tickets[0].form = [select(201)]))).toEqual(['/tickets/0/form/0/options/values']);
    expect(await pointersOf((f) => (f.tickets[0].form = [select(200)]))).toEqual([]);
  });

  it('a non-object is refused at the root', async () => {
    for (const input of [null, [], 'evento', 3]) {
      expect(await validateEventFile(input, 'en')).toEqual({ valid: false, problems: [{ pointer: '', message: 'must be an object' }] });
    }
  });
});

describe('semantic checks', () => {
  describe('date, venue and pass colours', () => {
    const withDetails = (event: Mutable) => (file: Mutable) => Object.assign(file.event, event);

    it('a full set is valid', async () => {
      expect(
        (await problemsOf(withDetails({
          starts_at: '2026-12-05T20:00:00-06:00', ends_at: '2026-12-06T03:00:00Z',
          venue: { name: 'Foro Sol', address: 'Viaducto Río de la Piedad s/n', latitude: 19.4055, longitude: -99.0927 },
          pass_colors: { background: '#112233', foreground: '#FFFFFF', label: '#aabbcc' },
        }))),
      ).toEqual([]);
    });

    it('ends before it starts (offsets honoured), an end with no start, es and en', async () => {
      // 20:00 at -06:00 is 02:00Z the next day: an end at 01:00Z is before it.
      const backwards = withDetails({ starts_at: '2026-12-05T20:00:00-06:00', ends_at: '2026-12-06T01:00:00Z' });
      expect(await problemsOf(backwards)).toEqual([
        { pointer: '/event/ends_at', message: 'ends_at (2026-12-06T01:00:00Z) debe ser posterior a starts_at (2026-12-05T20:00:00-06:00)' },
      ]);
      expect((await problemsOf(backwards, 'en'))[0].message).toBe('ends_at (2026-12-06T01:00:00Z) must be later than starts_at (2026-12-05T20:00:00-06:00)');
      expect(await problemsOf(withDetails({ ends_at: '2026-12-06T01:00:00Z' }), 'en')).toEqual([
        { pointer: '/event/ends_at', message: 'ends_at needs starts_at: without the start time the event date cannot be shown' },
      ]);
    });

    it('a date without its offset is refused', async () => {
      expect(await problemsOf(withDetails({ starts_at: '2026-12-05T20:00:00' }), 'en')).toEqual([
        { pointer: '/event/starts_at', message: 'must be an ISO 8601 date and time with a time zone (e.g. 2026-01-01T00:00:00Z)' },
      ]);
    });

    it('latitude and longitude ranges, and one without the other', async () => {
      expect(await problemsOf(withDetails({ venue: { name: 'X', latitude: 91, longitude: -180.5 } }), 'en')).toEqual([
        { pointer: '/event/venue/latitude', message: 'must be a number less than or equal to 90' },
        { pointer: '/event/venue/longitude', message: 'must be a number greater than or equal to -180' },
      ]);
      expect(await problemsOf(withDetails({ venue: { name: 'X', latitude: 19.4 } }))).toEqual([
        { pointer: '/event/venue/longitude', message: 'falta longitude: la ubicación del lugar necesita latitude y longitude juntas' },
      ]);
      expect(await pointersOf(withDetails({ venue: { latitude: 1, longitude: 2 } }))).toEqual(['/event/venue/name']);
    });

    it('share: a full set is valid; the image must be JPEG, PNG or WebP of at least 600×315 pixels, es and en', async () => {
      const image = { url: 'https://cdn.example.mx/festival-1200x630.jpg', width: 1200, height: 630, type: 'image/jpeg', alt: 'El escenario' };
      expect(await problemsOf(withDetails({ share: { title: 'Festival', description: 'Tres días', image, listed: false } }))).toEqual([]);
      const small = withDetails({ share: { image: { ...image, width: 400, height: 300 } } });
      expect(await problemsOf(small)).toEqual([
        { pointer: '/event/share/image', message: 'la imagen mide 400×300 píxeles: las vistas previas necesitan al menos 600×315 (1200×630 se ve mejor)' },
      ]);
      expect((await problemsOf(small, 'en'))[0].message).toBe('the image is 400×300 pixels: previews need at least 600×315 (1200×630 shows best)');
      const svg = withDetails({ share: { image: { ...image, type: 'image/svg+xml' } } });
      expect(await problemsOf(svg)).toEqual([
        { pointer: '/event/share/image/type', message: '"image/svg+xml" no se muestra en las vistas previas: usa image/jpeg, image/png o image/webp' },
      ]);
      expect((await problemsOf(svg, 'en'))[0].message).toBe('"image/svg+xml" is not shown in previews: use image/jpeg, image/png or image/webp');
      expect(await pointersOf(withDetails({ share: { image: { url: 'http://x.mx/a.jpg', width: 1200, height: 630, type: 'image/png' }, titulo: 'x' } }))).toEqual([
        '/event/share/image/url',
        '/event/share/titulo',
      ]);
    });

    it('colours must be #rrggbb, es and en', async () => {
      const bad = withDetails({ pass_colors: { background: 'red', label: '#abc' } });
      expect(await problemsOf(bad)).toEqual([
        { pointer: '/event/pass_colors/background', message: 'debe ser un color #rrggbb en hexadecimal (ej. #1f4fbf)' },
        { pointer: '/event/pass_colors/label', message: 'debe ser un color #rrggbb en hexadecimal (ej. #1f4fbf)' },
      ]);
      expect((await problemsOf(bad, 'en'))[0].message).toBe('must be a #rrggbb hexadecimal colour (e.g. #1f4fbf)');
    });
  });

  it('reserved url', async () => {
    expect(await problemsOf((f) => (f.url = 'api'))).toEqual([{ pointer: '/url', message: '"api" está reservado por el sistema; elige otra url' }]);
  });

  it('duplicate ticket and product ids', async () => {
    expect(await problemsOf((f) => (f.tickets[1].id = 1))).toEqual([{ pointer: '/tickets/1/id', message: 'el id 1 ya lo usa otro boleto' }]);
    expect(await problemsOf((f) => f.productos.push({ ...f.productos[0] }), 'en')).toEqual([
      { pointer: '/productos/1/id', message: 'the id 1 is already used by another product' },
    ]);
  });

  it('duplicate discount codes, case-insensitively', async () => {
    expect(await problemsOf((f) => f.discount_codes.push({ code: 'demo10', amount: 5 }))).toEqual([
      { pointer: '/discount_codes/1/code', message: 'el código "demo10" está repetido (no se distinguen mayúsculas de minúsculas)' },
    ]);
  });

  it('minimum above maximum, for tickets and products (maximum 0 closes the item instead)', async () => {
    expect(await problemsOf((f) => (f.tickets[0].minimum = 11))).toEqual([
      { pointer: '/tickets/0/minimum', message: 'el mínimo (11) es mayor que el máximo por compra (10)' },
    ]);
    expect(await problemsOf((f) => (f.productos[0].minimo = 6), 'en')).toEqual([
      { pointer: '/productos/0/minimo', message: 'the minimum (6) is greater than the per-order maximum (5)' },
    ]);
    expect(await pointersOf((f) => (f.tickets[0].maximum = 0))).toEqual([]);
  });

  it('money has at most 2 decimals (float noise tolerated)', async () => {
    expect(await pointersOf((f) => (f.tickets[0].price = 0.29))).toEqual([]);
    expect(await pointersOf((f) => (f.tickets[0].price = 1234567.89))).toEqual([]);
    expect(await problemsOf((f) => (f.tickets[0].price = 99.999))).toEqual([
      { pointer: '/tickets/0/price', message: '99.999 tiene más de 2 decimales; los precios van en pesos con centavos' },
    ]);
    expect(await pointersOf((f) => (f.productos[0].precio = 0.001))).toEqual(['/productos/0/precio']);
    expect(await pointersOf((f) => (f.discount_codes[0] = { code: 'X', amount: 10.505 }))).toEqual(['/discount_codes/0/amount']);
  });

  describe('volume discount (md)', () => {
    const md = { md: true, md_quantity: 10, md_ispercentage: true, md_minimum: 4 };

    it('consistent fields are fine; md false ignores the rest', async () => {
      expect(await pointersOf((f) => Object.assign(f.tickets[0], md))).toEqual([]);
      expect(await pointersOf((f) => Object.assign(f.tickets[0], { ...md, md: false, md_quantity: 500 }))).toEqual([]);
    });

    it('md true needs md_quantity and md_minimum', async () => {
      expect(await problemsOf((f) => Object.assign(f.tickets[0], { md: true }))).toEqual([
        { pointer: '/tickets/0/md_quantity', message: 'md es true, así que md_quantity es obligatorio' },
        { pointer: '/tickets/0/md_minimum', message: 'md es true, así que md_minimum es obligatorio' },
      ]);
    });

    it('a percentage above 100', async () => {
      expect(await problemsOf((f) => Object.assign(f.tickets[0], { ...md, md_quantity: 150 }), 'en')).toEqual([
        { pointer: '/tickets/0/md_quantity', message: 'the volume discount is a percentage and 150 is greater than 100' },
      ]);
    });

    it('md_minimum above the per-order maximum can never apply', async () => {
      expect(await pointersOf((f) => Object.assign(f.tickets[1], { ...md, md_minimum: 5 }))).toEqual(['/tickets/1/md_minimum']);
    });

    it('a fixed amount: 2 decimals, and not more than the smallest line it applies to', async () => {
      const fixed = { ...md, md_ispercentage: false };
      expect(await pointersOf((f) => Object.assign(f.tickets[0], { ...fixed, md_quantity: 100 }))).toEqual([]);
      expect(await pointersOf((f) => Object.assign(f.tickets[0], { ...fixed, md_quantity: 10.001 }))).toEqual(['/tickets/0/md_quantity']);
      expect(await problemsOf((f) => Object.assign(f.tickets[0], { ...fixed, md_quantity: 1500 }))).toEqual([
        { pointer: '/tickets/0/md_quantity', message: 'el descuento fijo (1500) es mayor que el total mínimo al que se aplica (1400)' },
      ]);
    });
  });

  describe('discount codes', () => {
    it('exactly one of percent or amount', async () => {
      expect(await problemsOf((f) => (f.discount_codes[0] = { code: 'A', percent: 10, amount: 5 }))).toEqual([
        { pointer: '/discount_codes/0', message: 'un código de descuento lleva percent o amount, no ambos' },
      ]);
      expect(await problemsOf((f) => (f.discount_codes[0] = { code: 'A' }), 'en')).toEqual([
        { pointer: '/discount_codes/0', message: 'a discount code needs percent or amount' },
      ]);
    });

    it('percent within 0..100', async () => {
      expect(await pointersOf((f) => (f.discount_codes[0].percent = 0))).toEqual([]);
      expect(await pointersOf((f) => (f.discount_codes[0].percent = 100))).toEqual([]);
      expect(await problemsOf((f) => (f.discount_codes[0].percent = 100.5))).toEqual([
        { pointer: '/discount_codes/0/percent', message: 'el porcentaje debe estar entre 0 y 100, no 100.5' },
      ]);
      expect(await pointersOf((f) => (f.discount_codes[0].percent = -1))).toEqual(['/discount_codes/0/percent']);
    });

    it('valid_from strictly before valid_until (time zones honoured)', async () => {
      const window = (valid_from: string, valid_until: string) => (f: Mutable) => Object.assign(f.discount_codes[0], { valid_from, valid_until });
      expect(await pointersOf(window('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual([]);
      expect(await pointersOf(window('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'))).toEqual(['/discount_codes/0/valid_until']);
      // 23:00 in Mexico City (-06:00) is 05:00Z the next day: later than 02:00Z.
      expect(await pointersOf(window('2026-01-02T02:00:00Z', '2026-01-01T23:00:00-06:00'))).toEqual([]);
      expect(await problemsOf(window('2027-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), 'en')).toEqual([
        {
          pointer: '/discount_codes/0/valid_until',
          message: 'valid_until (2026-01-01T00:00:00Z) must be later than valid_from (2027-01-01T00:00:00Z)',
        },
      ]);
    });

    it('ticket_ids must name tickets of the file', async () => {
      expect(await pointersOf((f) => (f.discount_codes[0].ticket_ids = [2]))).toEqual([]);
      expect(await problemsOf((f) => (f.discount_codes[0].ticket_ids = [2, 9]))).toEqual([
        { pointer: '/discount_codes/0/ticket_ids/1', message: 'no existe un boleto con id 9 en este archivo' },
      ]);
    });
  });

  describe('waiting list', () => {
    it('offer_hours 1-168; a seated event cannot enable it', async () => {
      expect(await pointersOf((f) => (f.waiting_list = { enabled: true, offer_hours: 48 }))).toEqual([]);
      expect(await pointersOf((f) => (f.waiting_list = { enabled: true, offer_hours: 0 }))).toEqual(['/waiting_list/offer_hours']);
      expect(await pointersOf((f) => (f.waiting_list = { offer_hours: 24 }))).toEqual(['/waiting_list/enabled']);
      const seated = (f: Mutable) => (f.event.config.seats = { workspaceKey: 'w', eventKey: 'e', region: 'na' });
      expect(await problemsOf((f) => { seated(f); f.waiting_list = { enabled: true }; }, 'en')).toEqual([
        { pointer: '/waiting_list/enabled', message: 'a seated event cannot have a waiting list: an offer holds tickets, not places on the chart' },
      ]);
      expect(await pointersOf((f) => { seated(f); f.waiting_list = { enabled: false }; })).toEqual([]);
    });
  });

  describe('product options', () => {
    it('duplicate option ids, empty or repeated values', async () => {
      expect(await pointersOf((f) => f.productos[0].opciones.push({ id: 'talla', label: 'Otra', options: { values: ['X'] } }))).toEqual([
        '/productos/0/opciones/1/id',
      ]);
      expect(await problemsOf((f) => (f.productos[0].opciones[0].options.values = []), 'en')).toEqual([
        { pointer: '/productos/0/opciones/0/options/values', message: 'a product option needs at least one value' },
      ]);
      expect(await pointersOf((f) => (f.productos[0].opciones[0].options.values = ['S', 'S']))).toEqual(['/productos/0/opciones/0/options/values/1']);
    });
  });

  describe('attendee forms: nothing the compiler cannot honour', () => {
    const withForm = (form: unknown[], lang: 'es' | 'en' = 'es') =>
      (problemsOf((f) => {
        f.tickets[0].form = form;
      }, lang));

    it('duplicate field ids', async () => {
      expect(await withForm([{ id: 'a', type: 'text', label: 'A' }, { id: 'a', type: 'email', label: 'B' }])).toEqual([
        { pointer: '/tickets/0/form/1/id', message: 'el id "a" ya lo usa otro campo de este formulario' },
      ]);
    });

    it('select with no values', async () => {
      expect(await withForm([{ id: 's', type: 'select', label: 'S' }])).toEqual([
        { pointer: '/tickets/0/form/0/options', message: 'un campo select o multiselect necesita al menos una opción en options.values' },
      ]);
      expect(await withForm([{ id: 's', type: 'select', label: 'S', options: { values: [] } }], 'en')).toEqual([
        { pointer: '/tickets/0/form/0/options/values', message: 'a select or multiselect field needs at least one option in options.values' },
      ]);
    });

    it('a pattern that is not a valid regex', async () => {
      const [problem] = await withForm([{ id: 't', type: 'text', label: 'T', validation: { pattern: { value: '([A-Z]', message: 'm' } } }]);
      expect(problem.pointer).toBe('/tickets/0/form/0/validation/pattern/value');
      expect(problem.message).toMatch(/^no es una expresión regular válida de JavaScript \(/);
    });

    it('a pattern with catastrophic backtracking is refused (recheck), with a sentence in es and en', async () => {
      const form = (value: string) => [{ id: 't', type: 'text', label: 'T', validation: { pattern: { value, message: 'm' } } }];
      const [es] = await withForm(form('^([a-z0-9]+)+$'));
      expect(es.pointer).toBe('/tickets/0/form/0/validation/pattern/value');
      expect(es.message).toMatch(/^esta expresión regular puede tardar muchísimo .*complejidad exponencial/);
      const [en] = await withForm(form('^([a-z0-9]+)+$'), 'en');
      expect(en.message).toMatch(/^this regular expression can take extremely long .*exponential complexity/);
      // Polynomial of degree 3 is refused too; degree 2 runs on at most 500 characters, so it passes.
      expect((await withForm(form('^a*a*a*b$')))[0].message).toMatch(/polinómica de grado 3/);
      expect(await withForm(form('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'))).toEqual([]);
      expect(await withForm(form('^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$'))).toEqual([]);
    });

    it('maxLength, minLength and maxSize may only lower the answer caps', async () => {
      expect(await withForm([{ id: 't', type: 'text', label: 'T', validation: { maxLength: { value: 501, message: 'm' } } }])).toEqual([
        { pointer: '/tickets/0/form/0/validation/maxLength/value', message: 'maxLength (501) supera el máximo de 500 caracteres por respuesta; solo puedes bajarlo' },
      ]);
      expect(await withForm([{ id: 't', type: 'text', label: 'T', validation: { maxLength: { value: 500, message: 'm' } } }])).toEqual([]);
      expect(await withForm([{ id: 'f', type: 'file', label: 'F', validation: { maxSize: { value: 3_000_000, message: 'm' } } }], 'en')).toEqual([
        { pointer: '/tickets/0/form/0/validation/maxSize/value', message: 'maxSize (3000000) is above the limit of 2097152 bytes per image; it can only be lowered' },
      ]);
    });

    it('allowedFormats that are not image MIME types', async () => {
      const formats = (value: string[], lang: 'es' | 'en' = 'es') =>
        withForm([{ id: 'f', type: 'file', label: 'F', validation: { allowedFormats: { value, message: 'm' } } }], lang);
      expect(await formats(['image/png', 'application/pdf'])).toEqual([
        {
          pointer: '/tickets/0/form/0/validation/allowedFormats/value/1',
          message: '"application/pdf" no es un tipo MIME de imagen (ej. image/png, image/jpeg)',
        },
      ]);
      expect(await formats(['image/jpg'], 'en')).toEqual([
        { pointer: '/tickets/0/form/0/validation/allowedFormats/value/0', message: '"image/jpg" is not a real MIME type; use "image/jpeg"' },
      ]);
    });

    it('rules and options that do not fit the type are reported, never dropped', async () => {
      expect(await withForm([{ id: 'n', type: 'number', label: 'N', validation: { pattern: { value: 'x', message: 'm' } } }])).toEqual([
        {
          pointer: '/tickets/0/form/0/validation/pattern',
          message: 'la regla pattern no se puede aplicar a un campo number (reglas posibles: min, max)',
        },
      ]);
      expect(await withForm([{ id: 'c', type: 'checkbox', label: 'C', validation: { maxLength: { value: 1, message: 'm' } } }], 'en')).toEqual([
        { pointer: '/tickets/0/form/0/validation/maxLength', message: 'the rule maxLength cannot be applied to a checkbox field (possible rules: none)' },
      ]);
      expect(await withForm([{ id: 't', type: 'text', label: 'T', options: { values: ['a'] } }])).toEqual([
        { pointer: '/tickets/0/form/0/options', message: 'options solo aplica a campos select y multiselect, y este campo es text' },
      ]);
    });

    it('min above max, minLength above maxLength, bad option values, unsafe checkbox link', async () => {
      expect(await withForm([{ id: 'n', type: 'number', label: 'N', validation: { min: { value: 9 }, max: { value: 1 } } }])).toEqual([
        { pointer: '/tickets/0/form/0/validation/min/value', message: 'min (9) es mayor que max (1)' },
      ]);
      expect(
        (await withForm([{ id: 't', type: 'text', label: 'T', validation: { minLength: { value: 9, message: 'm' }, maxLength: { value: 1, message: 'm' } } }], 'en')),
      ).toEqual([{ pointer: '/tickets/0/form/0/validation/minLength/value', message: 'minLength (9) is greater than maxLength (1)' }]);
      expect((await withForm([{ id: 's', type: 'select', label: 'S', options: { values: ['a', '', 'a'] } }])).map((p) => p.message)).toEqual([
        'una opción no puede ser texto vacío',
        'la opción "a" está repetida',
      ]);
      expect(await withForm([{ id: 'c', type: 'checkbox', label: 'C', placeholder: 'javascript:alert(1)' }])).toEqual([
        {
          pointer: '/tickets/0/form/0/placeholder',
          message: 'en un checkbox, placeholder es el enlace junto a la etiqueta: debe empezar con https://, http:// o /',
        },
      ]);
    });
  });

  it('reports schema and semantic problems together, grouped by item in document order', async () => {
    const problems = await problemsOf((f) => {
      f.tickets[1].id = 1;
      f.tickets[0].price = 'gratis';
      f.tickets.push(...Array.from({ length: 9 }, (_, i) => ({ id: 10 + i, name: `T${i}`, price: 1, minimum: 1, maximum: 1, capacity: 1 })));
      f.tickets[10].minimum = 2;
      f.discount_codes[0].percent = 200;
      f.url = 'api';
    });
    expect(problems.map((p) => p.pointer)).toEqual(['/url', '/tickets/0/price', '/tickets/1/id', '/tickets/10/minimum', '/discount_codes/0/percent']);
    // A missing key sorts after the keys present in its object.
    expect(
      (await pointersOf((f) => {
        delete f.tickets[0].name;
        f.tickets[0].capacity = -1;
      })),
    ).toEqual(['/tickets/0/capacity', '/tickets/0/name']);
  });

  it('does not report a value twice when the schema already refused it', async () => {
    expect(await pointersOf((f) => (f.discount_codes[0].percent = '10'))).toEqual(['/discount_codes/0/percent']);
    expect(await pointersOf((f) => (f.tickets[1].id = '1'))).toEqual(['/tickets/1/id']);
  });
});
