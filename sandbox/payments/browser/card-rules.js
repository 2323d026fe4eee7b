/*
 * The sandbox's secure-field checks (card number, expiry, security code), as a plain
 * script: the field iframes load it before field.js, and the unit test runs this very
 * file in a fresh context. It defines `SandboxCardRules` on the global object only.
 * Causes and error shape follow MercadoPago's validityChange event:
 * { cause: 'invalid_type' | 'invalid_length' | 'invalid_value', message }.
 */
(function (root) {
  'use strict';

  /** The brands the sandbox knows, by prefix: MercadoPago's ids, lengths and code lengths. */
  var BRANDS = [
    { id: 'amex', test: /^3[47]/, lengths: [15], securityCodeLength: 4 },
    { id: 'master', test: /^(5[1-5]|2[2-7])/, lengths: [16], securityCodeLength: 3 },
    { id: 'visa', test: /^4/, lengths: [13, 16, 19], securityCodeLength: 3 },
  ];
  var UNKNOWN = { id: null, lengths: [13, 14, 15, 16, 17, 18, 19], securityCodeLength: 3 };

  function digitsOf(value) {
    return String(value == null ? '' : value).replace(/[\s-]/g, '');
  }

  function brandOf(number) {
    var digits = digitsOf(number);
    for (var i = 0; i < BRANDS.length; i++) if (BRANDS[i].test.test(digits)) return BRANDS[i];
    return UNKNOWN;
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** The first six digits once there are six, else null (what binChange reports). */
  function binOf(number) {
    var digits = digitsOf(number);
    return /^\d{6}/.test(digits) ? digits.slice(0, 6) : null;
  }

  function cardNumberErrors(number) {
    var digits = digitsOf(number);
    if (!/^\d*$/.test(digits)) return [{ cause: 'invalid_type', message: 'cardNumber should be a number.' }];
    var brand = brandOf(digits);
    if (brand.lengths.indexOf(digits.length) < 0) {
      return [{ cause: 'invalid_length', message: 'cardNumber should be of length ' + brand.lengths.join(' or ') + '.' }];
    }
    if (!luhn(digits)) return [{ cause: 'invalid_value', message: 'cardNumber should be a valid card number.' }];
    return [];
  }

  /**
   * "MM/YY" (mode short) or "MM/YYYY"; the card is valid through the last day of its
   * month. `now` is a Date. Answers the errors and, when valid, month and four-digit year.
   */
  function parseExpiry(value, now) {
    var text = String(value == null ? '' : value).replace(/\s/g, '');
    var match = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(text);
    if (!/^[\d/]*$/.test(text)) return { errors: [{ cause: 'invalid_type', message: 'expirationDate should be a number.' }] };
    if (!match) return { errors: [{ cause: 'invalid_length', message: 'expirationDate should be of the form MM/YY.' }] };
    var month = Number(match[1]);
    var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    var current = now.getFullYear() * 12 + now.getMonth();
    if (month < 1 || month > 12 || year * 12 + (month - 1) < current) {
      return { errors: [{ cause: 'invalid_value', message: 'expirationDate should be a valid date in the future.' }] };
    }
    return { errors: [], month: month, year: year };
  }

  function securityCodeErrors(code, length) {
    var text = String(code == null ? '' : code);
    if (!/^\d*$/.test(text)) return [{ cause: 'invalid_type', message: 'securityCode should be a number.' }];
    if (text.length !== length) return [{ cause: 'invalid_length', message: 'securityCode should be of length ' + length + '.' }];
    return [];
  }

  /** Groups digits as printed on the card: 4-6-5 for Amex, fours otherwise. */
  function formatCardNumber(number) {
    var digits = digitsOf(number).replace(/\D/g, '').slice(0, 19);
    var groups = brandOf(digits).id === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var parts = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i++) {
      parts.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return parts.join(' ');
  }

  root.SandboxCardRules = {
    digitsOf: digitsOf,
    brandOf: brandOf,
    luhn: luhn,
    binOf: binOf,
    cardNumberErrors: cardNumberErrors,
    parseExpiry: parseExpiry,
    securityCodeErrors: securityCodeErrors,
    formatCardNumber: formatCardNumber,
  };
})(typeof self !== 'undefined' ? self : globalThis);
