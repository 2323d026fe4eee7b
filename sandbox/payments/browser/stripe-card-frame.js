/*
 * The sandbox payment element's frame (/sandbox/stripe/elements/payment): card number, expiry
 * and security code stay in this document. The parent page (the sandbox's Stripe.js, same
 * origin) hears `ready` and `change` {complete, empty}; asked to `validate` or to
 * `createPaymentMethod`, this frame checks the fields, posts them to the sandbox's
 * /v1/payment_methods with the publishable key, and answers with the payment method only.
 */
(function () {
  'use strict';
  var frameId = document.body.getAttribute('data-frame');
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var inputs = [number, expiry, cvc];
  var MESSAGES = {
    number: 'Your card number is incomplete.',
    numberInvalid: 'Your card number is invalid.',
    expiry: "Your card's expiration date is incomplete.",
    expiryPast: "Your card's expiration year is in the past.",
    cvc: "Your card's security code is incomplete.",
  };

  function post(message) {
    message.source = 'stripe-sandbox-card';
    message.frame = frameId;
    window.parent.postMessage(message, window.location.origin);
  }
  function digits(value) {
    return value.replace(/\D/g, '');
  }
  function luhn(value) {
    var sum = 0;
    for (var i = 0; i < value.length; i += 1) {
      var digit = Number(value[value.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return value.length >= 12 && sum % 10 === 0;
  }
  function expiryParts() {
    var d = digits(expiry.value);
    return { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2, 4)), complete: d.length === 4 };
  }
  /** Each field's problem, or '' (as Stripe's element words them). */
  function problems() {
    var n = digits(number.value);
    var e = expiryParts();
    var now = new Date();
    var past = e.complete && (e.year < now.getFullYear() || (e.year === now.getFullYear() && e.month < now.getMonth() + 1));
    return {
      number: n.length < 15 ? MESSAGES.number : !luhn(n) ? MESSAGES.numberInvalid : '',
      expiry: !e.complete || e.month < 1 || e.month > 12 ? MESSAGES.expiry : past ? MESSAGES.expiryPast : '',
      cvc: digits(cvc.value).length < 3 ? MESSAGES.cvc : '',
    };
  }
  function show(found, all) {
    inputs.forEach(function (input) {
      var message = found[input.id];
      var shown = all || input.getAttribute('data-touched') === 'true';
      input.setAttribute('aria-invalid', shown && message ? 'true' : 'false');
      document.getElementById(input.id + '-error').textContent = shown ? message : '';
    });
  }
  function changed() {
    var found = problems();
    var empty = inputs.every(function (input) { return input.value === ''; });
    post({ type: 'change', complete: !found.number && !found.expiry && !found.cvc, empty: empty });
    show(found, false);
  }

  number.addEventListener('input', function () {
    var d = digits(number.value).slice(0, 19);
    number.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
    changed();
  });
  expiry.addEventListener('input', function () {
    var d = digits(expiry.value).slice(0, 4);
    expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    changed();
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    changed();
  });
  inputs.forEach(function (input) {
    input.addEventListener('blur', function () {
      if (input.value) input.setAttribute('data-touched', 'true');
      show(problems(), false);
      post({ type: 'blur' });
    });
    input.addEventListener('focus', function () { post({ type: 'focus' }); });
  });

  function firstProblem() {
    var found = problems();
    show(found, true);
    var key = ['number', 'expiry', 'cvc'].filter(function (k) { return found[k]; })[0];
    return key ? { type: 'validation_error', code: key === 'number' ? 'incomplete_number' : key === 'expiry' ? 'incomplete_expiry' : 'incomplete_cvc', message: found[key] } : null;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || event.source !== window.parent || !data || data.source !== 'stripe-sandbox-parent') return;
    var answer = function (result) {
      result.type = 'result';
      result.requestId = data.requestId;
      post(result);
    };
    var problem = firstProblem();
    if (data.type === 'validate') {
      answer(problem ? { error: problem } : {});
      return;
    }
    if (data.type !== 'createPaymentMethod') return;
    if (problem) {
      answer({ error: problem });
      return;
    }
    var e = expiryParts();
    var fields = [['type', 'card'], ['card[number]', digits(number.value)], ['card[exp_month]', String(e.month)], ['card[exp_year]', String(e.year)], ['card[cvc]', digits(cvc.value)]];
    var billing = data.billing_details || {};
    ['name', 'email', 'phone'].forEach(function (key) {
      if (billing[key]) fields.push(['billing_details[' + key + ']', String(billing[key])]);
    });
    fetch('/sandbox/stripe/api/v1/payment_methods', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + data.key, 'content-type': 'application/x-www-form-urlencoded' },
      credentials: 'same-origin',
      body: fields.map(function (f) { return encodeURIComponent(f[0]) + '=' + encodeURIComponent(f[1]); }).join('&'),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          answer(response.ok ? { paymentMethod: body } : { error: body.error });
        });
      })
      .catch(function () {
        answer({ error: { type: 'api_connection_error', message: 'A network error has occurred, and you have not been charged. Please try again.' } });
      });
  });

  post({ type: 'ready' });
})();
