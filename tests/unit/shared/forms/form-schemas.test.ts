import { describe, expect, it } from 'vitest';
import buyerValidate from 'virtual:form-validator/buyer';
import cardPaymentValidate from 'virtual:form-validator/cardPayment';
import discountCodeValidate from 'virtual:form-validator/discountCode';
import invoiceValidate from 'virtual:form-validator/invoice';
import secondCardValidate from 'virtual:form-validator/secondCard';
import superTokenEmailValidate from 'virtual:form-validator/superTokenEmail';
import walletCardValidate from 'virtual:form-validator/walletCard';
import esErrors from '../../../../locales/es/errors.json';
import enErrors from '../../../../locales/en/errors.json';
import { createFormValidators } from '../../../../src/shared/forms/create-form-validators';
import { ATTENDEE_MESSAGE_KEYS } from '../../../../src/shared/attendee-form';
import {
  FORM_SCHEMAS,
  allowedBinsOf,
  cardTokenMessages,
  firstProblemPerField,
  formProblems,
  type FormId,
  type FormRuleContext,
  type SchemaValidateFunction,
} from '../../../../src/shared/forms';

const runtime = createFormValidators();
const precompiled: Record<FormId, SchemaValidateFunction> = {
  buyer: buyerValidate,
  walletCard: walletCardValidate,
  secondCard: secondCardValidate,
  cardPayment: cardPaymentValidate,
  discountCode: discountCodeValidate,
  superTokenEmail: superTokenEmailValidate,
  invoice: invoiceValidate,
};

/** The Spanish sentence a key stands for (what the buyer reads). */
function spanish(key: string): string {
  const [namespace, path] = key.split(':');
  expect(namespace).toBe('errors');
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], esErrors);
  expect(typeof value, `no Spanish text for ${key}`).toBe('string');
  return value as string;
}

/** Field → Spanish message of its FIRST problem (what the field shows), checked on both validators. */
function messages(id: FormId, data: unknown, context: FormRuleContext = {}): Record<string, string> {
  const problems = runtime[id](data, context);
  // The browser's precompiled validator judges exactly like the server's runtime one.
  expect(formProblems(precompiled[id], FORM_SCHEMAS[id].schema, data, context)).toEqual(problems);
  return Object.fromEntries(firstProblemPerField(problems).map((problem) => [problem.pointer.slice(1), spanish(problem.message)]));
}

const buyer = { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' };

describe('buyer form (store voucher, bank transfer, free entry, super token)', () => {
  it('accepts a complete buyer', () => expect(messages('buyer', buyer)).toEqual({}));

  it.each([
    ['name', '', 'El nombre es requerido.'],
    ['name', '   ', 'El nombre es requerido.'],
    ['email', '', 'El email es requerido.'],
    ['email', 'ana@example', 'Debe ser un correo electrónico válido.'],
    ['email', 'ana lopez@example.mx', 'Debe ser un correo electrónico válido.'],
    ['phone', '', 'El numero es requerido.'],
    ['phone', '55123', 'El numero debe tener 10 dígitos.'],
    ['phone', '55-1234-5678', 'El numero debe tener 10 dígitos.'],
    ['phone', '551234567890', 'El numero debe tener 10 dígitos.'],
  ])('%s = %j → %s', (field, value, message) => {
    const confirm = field === 'email' ? { emailConfirm: value } : {};
    expect(messages('buyer', { ...buyer, [field]: value, ...confirm })).toEqual({ [field]: message, ...(field === 'email' && value === '' ? { emailConfirm: 'La confirmación del email es requerida.' } : {}) });
  });

  it('a missing answer is required, on its own field', () => {
    expect(messages('buyer', {})).toEqual({
      name: 'El nombre es requerido.',
      email: 'El email es requerido.',
      emailConfirm: 'La confirmación del email es requerida.',
      phone: 'El numero es requerido.',
    });
  });

  it('the confirmation is required, then must equal the email (shown on emailConfirm)', () => {
    expect(messages('buyer', { ...buyer, emailConfirm: '' })).toEqual({ emailConfirm: 'La confirmación del email es requerida.' });
    expect(messages('buyer', { ...buyer, emailConfirm: 'otra@example.mx' })).toEqual({ emailConfirm: 'Los correos electrónicos no coinciden.' });
  });

  it('refuses unknown properties and non-objects', () => {
    expect(runtime.buyer({ ...buyer, extra: 1 })).toEqual([{ pointer: '/extra', message: 'errors:forms.invalid' }]);
    expect(runtime.buyer('x')[0]).toEqual({ pointer: '', message: 'errors:forms.invalid' });
  });
});

const walletCard = {
  cardNumber: '4509 9535 6623 3704',
  cardholderName: 'ANA LOPEZ',
  cardExpiry: '11/30',
  securityCode: '123',
  email: 'ana@example.mx',
  emailConfirm: 'ana@example.mx',
  phone: '5512345678',
};

describe('wallet provider new-card form (checked in order)', () => {
  it('accepts a complete card form', () => expect(messages('walletCard', walletCard)).toEqual({}));

  it.each([
    ['cardholderName', '', 'El titular es requerido'],
    ['cardholderName', 'A'.repeat(51), 'El titular no puede tener más de 50 caracteres'],
    ['email', '', 'El email es requerido'],
    ['email', `${'a'.repeat(150)}@example.mx`, 'El email no puede tener más de 155 caracteres'],
    ['email', 'ana@@example.mx', 'El email no es válido'],
    ['emailConfirm', '', 'El email de confirmación no es válido'],
    ['emailConfirm', 'ana@', 'El email de confirmación no es válido'],
    ['phone', '', 'El teléfono es requerido'],
    ['phone', '551234', 'El teléfono debe tener 10 números'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messages('walletCard', { ...walletCard, [field]: value, ...(field === 'email' ? { emailConfirm: value } : {}) })[field]).toBe(message);
  });

  it('within a field the rules come in the checking order: too long before not valid', () => {
    const long = `${'a b'.repeat(60)}@x`; // too long AND no address
    expect(runtime.walletCard({ ...walletCard, email: long }).filter((p) => p.pointer === '/email').map((p) => spanish(p.message))).toEqual([
      'El email no puede tener más de 155 caracteres',
      'El email no es válido',
    ]);
    expect(messages('walletCard', { ...walletCard, email: long, emailConfirm: long }).email).toBe('El email no puede tener más de 155 caracteres');
  });

  it('the confirmation must be an address, then equal the email', () => {
    expect(messages('walletCard', { ...walletCard, emailConfirm: 'luis@example.mx' })).toEqual({ emailConfirm: 'Los emails no coinciden' });
    expect(messages('walletCard', { ...walletCard, emailConfirm: 'luis@' })).toEqual({ emailConfirm: 'El email de confirmación no es válido' });
  });

  it('fields are reported in the checking order: holder, email, confirmation, phone, BIN', () => {
    const problems = runtime.walletCard({ cardNumber: '4111 1111 1111 1111', emailConfirm: 'x' }, { allowedBins: ['450995'] });
    expect(firstProblemPerField(problems).map((p) => p.pointer)).toEqual(['/cardholderName', '/email', '/emailConfirm', '/phone', '/cardNumber']);
  });

  it('the allowed list comes from the event config (bines_permitidos: [{ bin }])', () => {
    expect(allowedBinsOf({ bines_permitidos: [{ bin: '450995' }, { bin: 'x' }, { bin: '411111' }] })).toEqual(['450995', '411111']);
    expect(allowedBinsOf({})).toEqual([]);
    expect(allowedBinsOf(null)).toEqual([]);
  });

  it('allowed BINs: any card without a list; with one, the first six digits must be in it', () => {
    expect(messages('walletCard', walletCard, { allowedBins: [] })).toEqual({});
    expect(messages('walletCard', walletCard, { allowedBins: ['450995', '411111'] })).toEqual({});
    expect(messages('walletCard', walletCard, { allowedBins: ['411111'] })).toEqual({ cardNumber: 'El BIN de la tarjeta no está permitido' });
  });
});

const secondCard = {
  cardNumber: '4111 1111 1111 1111',
  cardHolderName: 'ANA LOPEZ',
  expireMonth: '12',
  expireYear: '29',
  cvvCode: '123',
  email: 'ana@example.mx',
  emailConfirm: 'ana@example.mx',
};

describe('second card provider form', () => {
  it('accepts a complete card form; card number, month, year and cvv have no schema rules', () => {
    expect(messages('secondCard', secondCard)).toEqual({});
    expect(messages('secondCard', { ...secondCard, cardNumber: '', expireMonth: '', expireYear: '', cvvCode: '' })).toEqual({});
  });

  it.each([
    ['cardHolderName', '', 'El nombre es requerido.'],
    ['email', '', 'El email es requerido.'],
    ['email', 'ana', 'Debe ser un correo electrónico válido.'],
    ['emailConfirm', '', 'La confirmación del email es requerida.'],
    ['emailConfirm', 'otra@example.mx', 'Los correos electrónicos no coinciden.'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messages('secondCard', { ...secondCard, [field]: value })[field]).toBe(message);
  });

  it('the allowed-BIN rule applies', () => {
    expect(messages('secondCard', secondCard, { allowedBins: ['520000'] })).toEqual({ cardNumber: 'El BIN de la tarjeta no está permitido' });
  });
});

const cardPayment = { name: 'Ana', email: 'ana@example.mx', phone: '+52 (55) 1234-5678' };

describe('card payment provider details form', () => {
  it('accepts complete details', () => {
    expect(messages('cardPayment', cardPayment)).toEqual({});
    expect(messages('cardPayment', { ...cardPayment, name: 'Al', phone: '55123456' })).toEqual({});
  });

  it.each([
    ['name', '', 'El nombre es requerido'],
    ['name', 'A', 'El nombre debe tener al menos 2 caracteres'],
    ['email', '', 'El correo es requerido'],
    ['email', 'ana@example', 'El formato del correo no es válido'],
    ['phone', '', 'El teléfono es requerido'],
    ['phone', '5512', 'El formato del teléfono no es válido'],
    ['phone', '55 1234 567a', 'El formato del teléfono no es válido'],
    ['phone', '++5512345678', 'El formato del teléfono no es válido'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messages('cardPayment', { ...cardPayment, [field]: value })).toEqual({ [field]: message });
  });
});

describe('discount code', () => {
  it('accepts a code', () => expect(messages('discountCode', { code: 'DEMO10' })).toEqual({}));
  it.each([[''], ['   ']])('refuses %j with the empty-code message', (code) => {
    expect(messages('discountCode', { code })).toEqual({ code: 'Introduce un código de descuento valido' });
  });
  it('a missing code is the same message', () => expect(messages('discountCode', {})).toEqual({ code: 'Introduce un código de descuento valido' }));
});

describe('super-token email', () => {
  it.each(['ana@example.com', 'ana@empresa.com.mx', 'a.b@c.io', 'x@y.cloud'])('starts the authenticator for %s', (email) => {
    expect(messages('superTokenEmail', { email })).toEqual({});
  });
  it.each(['ana@example.co', 'ana@example', 'ana @example.com', 'ana@example.comx'])('refuses %s', (email) => {
    expect(messages('superTokenEmail', { email })).toEqual({ email: 'Debe ser un correo electrónico válido.' });
  });
});

describe('messages', () => {
  const keysOf = (node: unknown, prefix = ''): string[] =>
    typeof node === 'string' ? [prefix] : Object.entries(node as object).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));

  it('every errorMessage of every form schema is a key with Spanish and English text', () => {
    const used = new Set<string>();
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'errorMessage' || key === 'x-sameAs' || key === 'x-allowedBin') {
          const texts = typeof value === 'string' ? [value] : Object.values(value as object).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v as object)));
          texts.filter((text) => typeof text === 'string' && text.startsWith('errors:')).forEach((text) => used.add(text));
          if (key === 'errorMessage') continue;
        }
        collect(value);
      }
    };
    Object.values(FORM_SCHEMAS).forEach(({ schema }) => collect(schema));
    expect(used.size).toBeGreaterThan(20);
    const es = new Set(keysOf(esErrors).map((key) => `errors:${key}`));
    const en = new Set(keysOf(enErrors).map((key) => `errors:${key}`));
    for (const key of used) {
      expect(es.has(key), `${key} in es`).toBe(true);
      expect(en.has(key), `${key} in en`).toBe(true);
    }
  });

  it('every attendee message key (src/shared/attendee-form) has Spanish and English text; the Spanish sentences are exact', () => {
    const es = new Set(keysOf(esErrors).map((key) => `errors:${key}`));
    const en = new Set(keysOf(enErrors).map((key) => `errors:${key}`));
    for (const key of Object.values(ATTENDEE_MESSAGE_KEYS)) {
      expect(es.has(key), `${key} in es`).toBe(true);
      expect(en.has(key), `${key} in en`).toBe(true);
    }
    expect(spanish(ATTENDEE_MESSAGE_KEYS.required)).toBe('Este campo es obligatorio');
    expect(spanish(ATTENDEE_MESSAGE_KEYS.invalidImage)).toBe('Formato de imagen no válido.');
  });

  it('card tokenization errors map to their Spanish sentences', () => {
    const text = (items: unknown) =>
      cardTokenMessages(items).map(({ key, values = {} }) => spanish(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name])));
    expect(text([{ field: 'cardNumber', cause: 'invalid_type', details: { expectedType: 'string' } }])).toEqual(['cardNumber debe ser de tipo string.']);
    expect(text([{ field: 'securityCode', cause: 'invalid_value' }])).toEqual(['securityCode no es válido o está vacío.']);
    expect(text([{ field: 'cardNumber', cause: 'invalid_length', details: { minLength: 14, maxLength: 16 } }])).toEqual(['cardNumber debe tener entre 14 y 16 caracteres.']);
    expect(text([{ field: 'securityCode', cause: 'invalid_length', details: { expectedLength: 3 } }])).toEqual(['securityCode debe tener exactamente 3 caracteres.']);
    expect(text([{ field: 'x', cause: 'other' }])).toEqual(['Tarjeta inválida.']);
    expect(text({ message: 'boom' })).toEqual(['Ocurrió un error inesperado.']);
  });

  it('form-level messages of the payment panels are there too', () => {
    expect(spanish('errors:cardPayment.incomplete')).toBe('Por favor completa todos los campos correctamente.');
    expect(spanish('errors:cardPayment.notReady')).toBe('El sistema de pagos aún no está listo. Intenta nuevamente.');
    expect(spanish('errors:discount.noTickets')).toBe('Agrega entradas a tu carrito para continuar');
  });

  it('Spanish and English errors.json have the same keys', () => {
    expect(keysOf(enErrors).sort()).toEqual(keysOf(esErrors).sort());
  });

  it('schemas carry keys, never sentences', () => {
    const sentences: string[] = [];
    const visit = (node: unknown, inMessage = false): void => {
      if (typeof node === 'string') {
        if (inMessage && !/^errors:[\w.]+$/.test(node)) sentences.push(node);
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) visit(value, inMessage || key === 'errorMessage' || key === 'message');
    };
    Object.values(FORM_SCHEMAS).forEach(({ schema }) => visit(schema));
    expect(sentences).toEqual([]);
  });

  it('no form schema needs sub-schema validators (the precompiled adapter checks the root only)', () => {
    const text = JSON.stringify(Object.values(FORM_SCHEMAS).map(({ schema }) => schema));
    expect(text).not.toMatch(/"(oneOf|anyOf|dependencies|dependentSchemas|\$ref|format)"/);
    // Conditions stand only in the root's allOf, which <SchemaForm> takes out before rjsf renders (withoutConditions).
    const conditionsElsewhere = Object.values(FORM_SCHEMAS).filter(({ schema }) => {
      const { allOf, ...rest } = schema;
      return JSON.stringify(rest).includes('"if"') || (allOf ?? []).some((part) => typeof part === 'object' && !('if' in part) && JSON.stringify(part).includes('"if"'));
    });
    expect(conditionsElsewhere).toEqual([]);
  });
});
