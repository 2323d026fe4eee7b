/*
 * One secure field of the sandbox's MercadoPago JS SDK, running inside its own iframe
 * (/sandbox/mercadopago/fields/:type). The input and its value stay in here: the page
 * hears only events (ready, change, validityChange, binChange, focus, blur, error) by
 * postMessage, never the digits. The fields of one SDK instance talk to each other on a
 * BroadcastChannel keyed by the instance id; the collecting field (card number, or the
 * security code alone for a saved card) gathers its siblings' values and posts them to
 * the sandbox's card_tokens endpoint itself, so only the token reaches the page.
 * Unlike production, these iframes share the store's origin (the sandbox is this server), so
 * the separation is the API's — the page's code is never handed a value — not the browser's
 * cross-origin wall; the e2e test checks the page's document never holds the number.
 */
(function () {
  'use strict';
  var rules = self.SandboxCardRules;
  var params = new URLSearchParams(location.search);
  var type = params.get('type') || document.body.getAttribute('data-type');
  var instance = params.get('instance') || '';
  var fieldId = params.get('field') || '';
  var parentOrigin = params.get('origin') || location.origin;
  var apiBase = params.get('api') || '/sandbox/mercadopago/api';
  var publicKey = params.get('key') || '';
  var mode = params.get('mode') || 'short';
  var input = document.getElementById('field');
  var channel = new BroadcastChannel('mp-sandbox-fields:' + instance);
  var securityCodeLength = 3;
  var lastValidity = null;
  var lastBin = null;

  function emit(event, data) {
    parent.postMessage({ mpSandbox: instance, field: fieldId, event: event, data: data }, parentOrigin);
  }

  function errorsNow() {
    var value = input.value;
    if (type === 'cardNumber') return rules.cardNumberErrors(value);
    if (type === 'expirationDate') return rules.parseExpiry(value, new Date()).errors;
    return rules.securityCodeErrors(value, securityCodeLength);
  }

  function reportValidity() {
    var errors = input.value === '' ? [] : errorsNow();
    var key = JSON.stringify(errors);
    if (key === lastValidity) return;
    lastValidity = key;
    input.setAttribute('aria-invalid', errors.length ? 'true' : 'false');
    emit('validityChange', { field: type, errorMessages: errors });
  }

  function applyStyle(style) {
    var allowed = ['color', 'fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'height', 'padding', 'placeholderColor', 'textAlign'];
    for (var key in style || {}) if (allowed.indexOf(key) >= 0 && key !== 'placeholderColor') input.style[key] = style[key];
  }

  function setSecurityCodeLength(length) {
    securityCodeLength = length;
    input.maxLength = length;
  }

  function configure() {
    if (type === 'cardNumber') {
      input.autocomplete = 'cc-number';
      input.maxLength = 23;
    } else if (type === 'expirationDate') {
      input.autocomplete = 'cc-exp';
      input.maxLength = mode === 'short' ? 5 : 7;
    } else {
      input.autocomplete = 'cc-csc';
      setSecurityCodeLength(Number(params.get('length')) || 3);
    }
    try { applyStyle(JSON.parse(params.get('style') || '{}')); } catch (error) { emit('error', { field: type, error: String(error) }); }
  }

  function onInput() {
    if (type === 'cardNumber') {
      input.value = rules.formatCardNumber(input.value);
      var bin = rules.binOf(input.value);
      if (bin !== lastBin) {
        lastBin = bin;
        emit('binChange', { bin: bin, field: type });
      }
      channel.postMessage({ type: 'brand', securityCodeLength: rules.brandOf(input.value).securityCodeLength });
    } else if (type === 'expirationDate') {
      var digits = input.value.replace(/\D/g, '').slice(0, mode === 'short' ? 4 : 6);
      input.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    } else {
      input.value = input.value.replace(/\D/g, '').slice(0, securityCodeLength);
    }
    emit('change', { field: type });
    reportValidity();
  }

  // ---- the collecting field: gathers the siblings' values and asks for the token ----
  var pending = {};

  function collect(requestId, fields) {
    return new Promise(function (resolve, reject) {
      var values = {};
      values[type] = input.value;
      var timer = setTimeout(function () {
        delete pending[requestId];
        reject([{ code: 'missing_field', message: 'A secure field did not answer.', field: null }]);
      }, 3000);
      function done() {
        for (var i = 0; i < fields.length; i++) if (!(fields[i] in values)) return;
        clearTimeout(timer);
        delete pending[requestId];
        resolve(values);
      }
      pending[requestId] = function (field, value) { values[field] = value; done(); };
      channel.postMessage({ type: 'collect', requestId: requestId });
      done();
    });
  }

  function validate(values, cardId) {
    var errors = [];
    function add(field, list) { list.forEach(function (e) { errors.push({ code: e.cause, message: e.message, field: field }); }); }
    add('securityCode', rules.securityCodeErrors(values.securityCode || '', securityCodeLength));
    if (!cardId) {
      add('cardNumber', rules.cardNumberErrors(values.cardNumber || ''));
      add('expirationDate', rules.parseExpiry(values.expirationDate || '', new Date()).errors);
    }
    return errors;
  }

  function createCardToken(message) {
    var fields = message.fields || [];
    collect(message.requestId, fields).then(function (values) {
      var errors = validate(values, message.cardId);
      if (errors.length) throw errors;
      var body = { security_code: values.securityCode };
      if (message.cardId) body.card_id = message.cardId;
      else {
        var expiry = rules.parseExpiry(values.expirationDate, new Date());
        body.card_number = rules.digitsOf(values.cardNumber);
        body.expiration_month = expiry.month;
        body.expiration_year = expiry.year;
      }
      if (message.cardholderName) body.cardholder = { name: message.cardholderName };
      return fetch(apiBase + '/v1/card_tokens?public_key=' + encodeURIComponent(publicKey), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(function (response) {
        return response.json().then(function (json) {
          if (!response.ok) throw json;
          emit('token', { requestId: message.requestId, token: json });
        });
      });
    }).catch(function (error) {
      emit('tokenError', { requestId: message.requestId, error: error instanceof Error ? { message: error.message } : error });
    });
  }

  channel.onmessage = function (event) {
    var message = event.data || {};
    if (message.type === 'collect') channel.postMessage({ type: 'value', requestId: message.requestId, field: type, value: input.value });
    else if (message.type === 'value' && pending[message.requestId]) pending[message.requestId](message.field, message.value);
    else if (message.type === 'brand' && type === 'securityCode') {
      setSecurityCodeLength(message.securityCodeLength);
      if (input.value) { lastValidity = null; reportValidity(); }
    }
  };

  window.addEventListener('message', function (event) {
    if (event.source !== parent || event.origin !== parentOrigin) return;
    var message = event.data || {};
    if (message.mpSandbox !== instance || message.field !== fieldId) return;
    if (message.cmd === 'createCardToken') createCardToken(message);
    else if (message.cmd === 'update') {
      if (message.placeholder != null) input.placeholder = message.placeholder;
      if (message.settings && message.settings.length && type === 'securityCode') setSecurityCodeLength(message.settings.length);
      if (message.settings && message.settings.mode && type === 'expirationDate') { mode = message.settings.mode; configure(); }
      if (message.invalid != null) input.setAttribute('aria-invalid', message.invalid ? 'true' : 'false');
    } else if (message.cmd === 'focus') input.focus();
  });

  input.addEventListener('input', onInput);
  input.addEventListener('focus', function () { emit('focus', { field: type }); });
  input.addEventListener('blur', function () { emit('blur', { field: type }); });
  configure();
  emit('ready', { field: type });
})();
