import { describe, expect, it } from 'vitest';
import { formatCardExpiry, parseCardExpiry } from '../../../renderers/widgets/CardExpiry/formatCardExpiry';
import { formatCardNumber } from '../../../renderers/widgets/CardNumber/formatCardNumber';
import { allowedImageTypes, checkImageFile, formatBytes, formatNames } from '../../../renderers/widgets/FileImage/checkImageFile';
import { cvvLength, cvvValue, isAmexNumber } from '../../../renderers/widgets/Cvv/cvvLength';
import { telefonoValue } from '../../../renderers/widgets/Telefono/telefonoValue';

describe('telefono', () => {
  it.each([
    ['55 1234 5678', '5512345678'],
    ['(55) 1234-5678', '5512345678'],
    ['+52 55 1234 5678', '5255123456'],
    ['abc', ''],
    ['551234567890123', '5512345678'],
  ])('%j keeps %j (digits only, 10 at most)', (typed, kept) => expect(telefonoValue(typed)).toBe(kept));

  it('a schema maxLength changes the cap', () => expect(telefonoValue('+52 55 1234 5678', 12)).toBe('525512345678'));
});

describe('cardNumber', () => {
  it.each([
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242429999', '4242 4242 4242 4242'],
    ['4242 ', '4242'],
  ])('%j shows %j (groups of four, 16 digits)', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));
});

describe('cardExpiry', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['122', '12/2'],
    ['1227', '12/27'],
    ['12/27', '12/27'],
    ['12/2799', '12/27'],
    ['12/', '12'],
  ])('%j shows %j (MM/YY)', (typed, shown) => expect(formatCardExpiry(typed)).toBe(shown));

  it('parses only a complete, real month', () => {
    expect(parseCardExpiry('09/29')).toEqual({ month: '09', year: '29' });
    expect(parseCardExpiry('13/29')).toBeUndefined();
    expect(parseCardExpiry('9/29')).toBeUndefined();
  });
});

describe('cvv', () => {
  it('is 3 digits, 4 for American Express (34/37) or when the event says amex; an explicit limit wins', () => {
    expect(cvvLength({}, '4242 4242')).toBe(3);
    expect(cvvLength({}, '3782 822463 10005')).toBe(4);
    expect(cvvLength({}, '3412')).toBe(4);
    expect(cvvLength({ amex: true })).toBe(4);
    expect(cvvLength({ maxLength: 4 }, '4242')).toBe(4);
    expect(isAmexNumber('3')).toBe(false);
  });

  it('keeps digits up to the length', () => {
    expect(cvvValue('12a34', 3)).toBe('123');
    expect(cvvValue('12a34', 4)).toBe('1234');
  });
});

describe('fileImage checks before reading', () => {
  const rules = { accept: 'image/png,image/jpeg', maxBytes: 2 * 1024 * 1024, formatMessage: 'Solo PNG o JPG', sizeMessage: 'Máximo 2 MB' };

  it('a non-image is refused with the invalid-image key, whatever the rules', () => {
    expect(checkImageFile({ type: 'text/plain', size: 10 }, rules)).toBe('errors:attendee.invalidImage');
    expect(checkImageFile({ type: '', size: 10 }, {})).toBe('errors:attendee.invalidImage');
    expect(checkImageFile({ type: 'application/pdf', size: 10 }, { accept: 'image/*' })).toBe('errors:attendee.invalidImage');
  });

  it('an image type outside allowedFormats gets the operator message', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 }, rules)).toBe('Solo PNG o JPG');
    expect(checkImageFile({ type: 'image/gif', size: 10 }, { accept: 'image/png' })).toBe('errors:attendee.invalidImage');
  });

  it('a file over maxSize gets the operator message; at the limit it is read', () => {
    expect(checkImageFile({ type: 'image/png', size: rules.maxBytes + 1 }, rules)).toBe('Máximo 2 MB');
    expect(checkImageFile({ type: 'image/jpeg', size: rules.maxBytes }, rules)).toBeUndefined();
  });

  it('without rules any image of any size is read', () => {
    expect(checkImageFile({ type: 'image/webp', size: 50 * 1024 * 1024 }, { accept: 'image/*' })).toBeUndefined();
  });

  it('reads accept lists and writes hints', () => {
    expect(allowedImageTypes('image/*')).toBeUndefined();
    expect(allowedImageTypes(' image/PNG , image/svg+xml')).toEqual(['image/png', 'image/svg+xml']);
    expect(formatNames('image/png,image/svg+xml')).toBe('PNG, SVG');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
  });
});
