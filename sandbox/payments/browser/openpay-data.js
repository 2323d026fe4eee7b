/*
 * The payment sandbox's openpay-data.v1.js: Openpay's anti-fraud device script. Loaded after
 * openpay.v1.js; `OpenPay.deviceData.setup(formId?, hiddenFieldName?)` answers a device session
 * id (and, given a form, writes it into a hidden field of that form, as Openpay's does). The
 * sandbox collects no fingerprint: the id is random.
 */
(function () {
  'use strict';
  if (!window.OpenPay) throw new Error('openpay-data.v1.js needs openpay.v1.js first');
  function randomId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  window.OpenPay.deviceData = {
    setup: function (formId, hiddenFieldName) {
      var id = randomId();
      var form = formId ? document.getElementById(formId) : null;
      if (form) {
        var input = document.createElement('input');
        input.type = 'hidden';
        input.name = hiddenFieldName || 'deviceIdHiddenFieldName';
        input.id = input.name;
        input.value = id;
        form.appendChild(input);
      }
      return id;
    },
  };
})();
