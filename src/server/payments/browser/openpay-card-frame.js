/*
 * The Openpay card frame (/payments/openpay/card-frame): a page of our own origin that holds
 * the card number, expiry and security code, so the store's page never does. It tokenizes with
 * Openpay's openpay.v1.js when its parent asks and posts back ONLY the token id and the card's
 * first six digits (the BIN, for the allowed-BIN rule). Messages are accepted only from the
 * parent window on our own origin, and posted only to it.
 *   parent → frame: { source: 'openpay-parent', type: 'tokenize', requestId, holderName }
 *   frame → parent: { source: 'openpay-card-frame', type: 'ready' | 'token' | 'error', requestId?, token?, bin?, description? }
 */
(function () {
  'use strict';
  var body = document.body;
  var number = document.getElementById('card-number');
  var month = document.getElementById('card-month');
  var year = document.getElementById('card-year');
  var cvv = document.getElementById('card-cvv');
  var SELF = window.location.origin;

  function post(message) {
    message.source = 'openpay-card-frame';
    window.parent.postMessage(message, SELF);
  }

  // Digits only, within each field's limit; the number shows in groups of four (16 digits).
  function digitsOnly(input, max) {
    input.addEventListener('input', function () {
      var digits = input.value.replace(/\D/g, '').slice(0, max);
      input.value = input === number ? digits.replace(/(\d{4})(?=\d)/g, '$1 ') : digits;
      input.removeAttribute('aria-invalid');
    });
  }
  digitsOnly(number, 16);
  digitsOnly(month, Number(month.getAttribute('data-max')) || 2);
  digitsOnly(year, Number(year.getAttribute('data-max')) || 2);
  digitsOnly(cvv, Number(cvv.getAttribute('data-max')) || 4);

  var OpenPay = window.OpenPay;
  OpenPay.setId(body.getAttribute('data-merchant-id'));
  OpenPay.setApiKey(body.getAttribute('data-public-key'));
  OpenPay.setSandboxMode(body.getAttribute('data-sandbox-mode') === 'true');

  window.addEventListener('message', function (event) {
    if (event.origin !== SELF || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.source !== 'openpay-parent' || data.type !== 'tokenize') return;
    var requestId = String(data.requestId || '');
    OpenPay.token.create(
      {
        card_number: number.value.replace(/\D/g, ''),
        holder_name: String(data.holderName || ''),
        expiration_year: year.value,
        expiration_month: month.value,
        cvv2: cvv.value,
      },
      function (response) {
        var card = (response.data && response.data.card) || {};
        post({ type: 'token', requestId: requestId, token: response.data.id, bin: String(card.card_number || '').slice(0, 6) });
      },
      function (error) {
        var description = error && error.data && error.data.description ? String(error.data.description) : '';
        var code = error && error.data ? Number(error.data.error_code) : 0;
        // Point the buyer at the field Openpay refused.
        var field = code === 2004 ? number : code === 2005 ? month : code === 2006 ? cvv : null;
        if (field) field.setAttribute('aria-invalid', 'true');
        post({ type: 'error', requestId: requestId, description: description });
      }
    );
  });
  post({ type: 'ready' });
})();
