/*
 * The sandbox's fast-payments demo (/sandbox/mercadopago/demo-fast-payments): authenticates
 * an e-mail with the sandbox SDK's authenticator, lists the account's saved methods and
 * mounts a security-code field for a saved card, as a merchant page would.
 * `window.demoFastPayments` exposes the SDK instance and the last token for browser tests.
 */
(function () {
  'use strict';
  var form = document.getElementById('fast-form');
  var result = document.getElementById('result');
  var list = document.getElementById('methods');
  var mp = new MercadoPago(form.getAttribute('data-public-key'), { locale: 'es-MX' });
  var state = { mp: mp, token: null, methods: [] };
  mp.fields.create('securityCode', { placeholder: 'CVV', srLabel: 'Código de seguridad de la tarjeta guardada' }).mount('field-securityCode');

  function describe(method) {
    if (method.type === 'account_money') return 'Dinero en cuenta (' + method.issuer.name + ')';
    return method.payment_method.name + ' · ' + method.issuer.name + ' · terminación ' + method.last_four_digits +
      ' · código de seguridad ' + (method.security_code_settings.mode === 'mandatory' ? 'obligatorio' : 'opcional');
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    list.textContent = '';
    state.token = null;
    state.methods = [];
    result.textContent = 'Autenticando…';
    var email = document.getElementById('email').value;
    var hide = document.getElementById('hide-confirmation').checked;
    mp.authenticator(document.getElementById('amount').value, email).then(function (authenticator) {
      return authenticator.show({ hideUserConfirmation: hide });
    }).then(function (token) {
      state.token = token;
      return mp.getAccountPaymentMethods(token);
    }).then(function (answer) {
      state.methods = answer.results;
      answer.results.forEach(function (method) {
        var item = document.createElement('li');
        item.textContent = describe(method);
        list.appendChild(item);
      });
      result.textContent = answer.results.length ? 'Medios guardados: ' + answer.results.length : 'Esta cuenta no tiene medios guardados.';
    }, function (error) {
      result.textContent = 'Error: ' + (error.errorCode || error.message);
    });
  });
  window.demoFastPayments = state;
})();
