/*
 * The payment sandbox's openpay.v1.js: the subset of Openpay's browser library the store uses,
 * talking to this server's Openpay sandbox instead of api.openpay.mx. Plain script, no build.
 *   OpenPay.setId(merchantId), setApiKey(publicKey), setSandboxMode(bool), getId(), getApiKey(), getSandboxMode()
 *   OpenPay.token.create(data, onSuccess, onError): onSuccess({ data: { id, card }, status }),
 *     onError({ data: { category, description, error_code, http_code, request_id }, status, message })
 *   OpenPay.card.validateCardNumber / validateCVC / validateExpiry / cardType
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : window.location.origin;
  var state = { id: '', key: '', sandbox: false };

  function fail(onError, status, body) {
    var data = body && typeof body === 'object' ? body : { category: 'request', description: 'Unexpected answer', error_code: 1000, http_code: status };
    if (typeof onError === 'function') onError({ data: data, status: status, message: data.description });
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  var OpenPay = {
    setId: function (id) { state.id = String(id || ''); },
    getId: function () { return state.id; },
    setApiKey: function (key) { state.key = String(key || ''); },
    getApiKey: function () { return state.key; },
    setSandboxMode: function (on) { state.sandbox = Boolean(on); },
    getSandboxMode: function () { return state.sandbox; },
    token: {
      create: function (data, onSuccess, onError) {
        var url = origin + '/sandbox/openpay/api/v1/' + encodeURIComponent(state.id) + '/tokens';
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Basic ' + btoa(state.key + ':') },
          body: JSON.stringify(data || {}),
          credentials: 'omit',
        }).then(function (response) {
          return response.json().then(function (body) {
            if (response.ok) onSuccess({ data: body, status: response.status });
            else fail(onError, response.status, body);
          }, function () { fail(onError, response.status, null); });
        }, function () {
          fail(onError, 0, { category: 'request', description: 'Network error', error_code: 1004, http_code: 0 });
        });
      },
    },
    card: {
      validateCardNumber: function (number) { var d = String(number || '').replace(/[\s-]/g, ''); return /^\d{13,19}$/.test(d) && luhn(d); },
      validateCVC: function (cvc, number) {
        var amex = /^3[47]/.test(String(number || ''));
        return new RegExp(amex ? '^\\d{4}$' : '^\\d{3,4}$').test(String(cvc || ''));
      },
      validateExpiry: function (month, year) {
        var m = Number(month); var y = Number(year); if (y < 100) y += 2000;
        if (!(m >= 1 && m <= 12) || !y) return false;
        var now = new Date();
        return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
      },
      cardType: function (number) {
        var d = String(number || '');
        if (/^3[47]/.test(d)) return 'American Express';
        if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
        if (/^4/.test(d)) return 'Visa';
        return '';
      },
    },
  };
  window.OpenPay = OpenPay;
})();
