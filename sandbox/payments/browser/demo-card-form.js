/*
 * The sandbox's demo card form (/sandbox/mercadopago/demo-card-form): mounts the three
 * secure fields with the sandbox SDK exactly as a merchant page would, logs their
 * events, and shows the card token. `window.demoCardForm` exposes the SDK instance and
 * the event log for browser tests.
 */
(function () {
  'use strict';
  var form = document.getElementById('card-form');
  var log = document.getElementById('events');
  var result = document.getElementById('result');
  var mp = new MercadoPago(form.getAttribute('data-public-key'), { locale: 'es-MX' });
  var events = [];
  var options = {
    cardNumber: { placeholder: 'Número de tarjeta', srLabel: 'Número de tarjeta' },
    expirationDate: { placeholder: 'MM/AA', mode: 'short', srLabel: 'Fecha de vencimiento' },
    securityCode: { placeholder: 'CVV', srLabel: 'Código de seguridad' },
  };
  Object.keys(options).forEach(function (type) {
    var field = mp.fields.create(type, options[type]);
    ['ready', 'change', 'validityChange', 'binChange', 'error', 'focus', 'blur'].forEach(function (name) {
      field.on(name, function (data) {
        events.push({ type: type, event: name, data: data });
        if (name === 'validityChange' || name === 'binChange') {
          var item = document.createElement('li');
          item.textContent = type + ' · ' + name + ' · ' + JSON.stringify(data);
          log.appendChild(item);
        }
      });
    });
    field.mount('field-' + type);
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    result.textContent = 'Creando token…';
    mp.fields.createCardToken({ cardholderName: document.getElementById('cardholder').value }).then(function (token) {
      result.textContent = 'Token ' + token.id + ' · ' + token.first_six_digits + '…' + token.last_four_digits;
    }, function (error) {
      result.textContent = 'Error: ' + JSON.stringify(error);
    });
  });
  window.demoCardForm = { mp: mp, events: events };
})();
