/*
 * Fast payments in the sandbox's MercadoPago JS SDK (appended to /sandbox/mercadopago/js/v2):
 * mp.authenticator(amount, payerEmail) → instance.show({ hideUserConfirmation }) → a
 * fast-payment token; mp.getAccountPaymentMethods(token), mp.getCardId(token, pseudotoken)
 * and mp.updatePseudotoken(token, pseudotoken, cardToken), with the error codes MercadoPago
 * documents (error.errorCode). Where MercadoPago shows its own bottom sheet, the sandbox
 * shows a modal dialog the buyer confirms (Enter/Escape work; focus returns to the page).
 * That dialog is the authentication itself (MercadoPago's code step) and always shows;
 * `hideUserConfirmation` only drops its "is this your account?" line, as MercadoPago skips
 * its user-confirmation screen but never the authentication.
 */
(function () {
  'use strict';
  var MP = window.MercadoPago;
  // Only the sandbox SDK is extended; the real SDK brings its own methods.
  if (!MP || !MP._sandbox || MP.prototype.authenticator) return;
  var api = MP._sandbox.api + '/v1/fast_payments/';

  function sdkError(code, message) {
    var error = new Error(message || code);
    error.errorCode = code;
    return error;
  }

  /** Calls the sandbox; a refusal rejects with MercadoPago's error body (and its cause code as errorCode). */
  function call(self, method, path, query, body) {
    var url = new URL(path, api);
    url.searchParams.set('public_key', self._publicKey);
    Object.keys(query || {}).forEach(function (key) { url.searchParams.set(key, query[key]); });
    var init = { method: method, headers: {} };
    if (body) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(url.href, init).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) {
          var error = sdkError((json.cause && json.cause[0] && json.cause[0].code) || 'ApiRequestFailed', json.message);
          error.status = response.status;
          error.cause = json.cause;
          throw error;
        }
        return json;
      });
    }, function () { throw sdkError('ApiRequestFailed', 'The request to Mercado Pago failed'); });
  }

  function element(tag, text, css) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (css) node.style.cssText = css;
    return node;
  }

  /** The confirmation MercadoPago shows in its bottom sheet: resolves on confirm, rejects on cancel or Escape. */
  function confirmDialog(amount, email, hideUserConfirmation) {
    return new Promise(function (resolve, reject) {
      var dialog = element('dialog', '', 'max-width:26rem;border:0;border-radius:8px;padding:1.5rem;color:#1b1b1b;background:#fff;font-family:system-ui,sans-serif;box-shadow:0 8px 32px rgba(0,0,0,.35);');
      dialog.id = 'mp-sandbox-authenticator';
      dialog.setAttribute('aria-labelledby', 'mp-sandbox-authenticator-title');
      dialog.setAttribute('aria-describedby', 'mp-sandbox-authenticator-text');
      var title = element('h2', 'Confirma tu cuenta de Mercado Pago', 'margin:0 0 .75rem;font-size:1.25rem;');
      title.id = 'mp-sandbox-authenticator-title';
      var text = element('p', 'Paga $' + amount + ' MXN con los medios guardados en la cuenta ' + email + '. (Sandbox: ningún código se envía.)', 'margin:0 0 1.25rem;line-height:1.4;');
      text.id = 'mp-sandbox-authenticator-text';
      var actions = element('div', '', 'display:flex;gap:.75rem;justify-content:flex-end;');
      var cancel = element('button', 'Cancelar', 'padding:.5rem 1rem;border:1px solid #00689c;border-radius:4px;background:#fff;color:#00689c;font:inherit;cursor:pointer;');
      var confirm = element('button', 'Confirmar', 'padding:.5rem 1rem;border:0;border-radius:4px;background:#00689c;color:#fff;font:inherit;cursor:pointer;');
      cancel.type = 'button';
      confirm.type = 'button';
      confirm.autofocus = true;
      actions.appendChild(cancel);
      actions.appendChild(confirm);
      dialog.appendChild(title);
      if (!hideUserConfirmation) dialog.appendChild(element('p', '¿Es tu cuenta? ' + email, 'margin:0 0 .5rem;font-weight:600;'));
      dialog.appendChild(text);
      dialog.appendChild(actions);
      var settled = false;
      function close(confirmed) {
        if (settled) return;
        settled = true;
        if (dialog.open) dialog.close();
        dialog.remove();
        if (confirmed) resolve();
        else reject(sdkError('NoBottomsheetConfirmation', 'The payer did not confirm'));
      }
      confirm.addEventListener('click', function () { close(true); });
      cancel.addEventListener('click', function () { close(false); });
      // Escape closes a modal dialog: that is a refusal, as closing MercadoPago's sheet is.
      dialog.addEventListener('cancel', function (event) { event.preventDefault(); close(false); });
      document.body.appendChild(dialog);
      dialog.showModal();
      confirm.focus();
    });
  }

  function Authenticator(mp, authentication, amount, email) {
    this._mp = mp;
    this._authentication = authentication;
    this._amount = amount;
    this._email = email;
    this._showing = false;
  }

  /** 'MP' (Mercado Pago) — the application the buyer authenticates with. */
  Authenticator.prototype.getApplication = function () {
    return this._authentication.application;
  };

  Authenticator.prototype.show = function (options) {
    var self = this;
    if (self._showing) return Promise.reject(sdkError('AlreadyShowing', 'The authenticator is already showing'));
    self._showing = true;
    var confirmed = confirmDialog(self._amount, self._email, Boolean(options && options.hideUserConfirmation));
    return confirmed.then(function () {
      return call(self._mp, 'POST', 'authentications/' + encodeURIComponent(self._authentication.id) + '/confirm');
    }).then(function (answer) {
      self._showing = false;
      return answer.fast_payment_token;
    }, function (error) {
      self._showing = false;
      throw error;
    });
  };

  MP.prototype.authenticator = function (amount, payerEmail) {
    var self = this;
    if (typeof payerEmail !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payerEmail.trim())) return Promise.reject(sdkError('InvalidEmail', 'Invalid payer email'));
    if (typeof amount !== 'string' || !/^\d+\.\d{2}$/.test(amount)) return Promise.reject(sdkError('InvalidAmount', 'The amount must be a string with 2 decimals'));
    return call(self, 'POST', 'authentications', null, { amount: amount, payer_email: payerEmail.trim() }).then(function (authentication) {
      return new Authenticator(self, authentication, amount, payerEmail.trim());
    });
  };

  MP.prototype.getAccountPaymentMethods = function (fastPaymentToken) {
    return call(this, 'GET', 'payment_methods', { fast_payment_token: fastPaymentToken || '' });
  };

  MP.prototype.getCardId = function (fastPaymentToken, pseudotoken) {
    return call(this, 'POST', 'card_id', null, { fast_payment_token: fastPaymentToken, pseudotoken: pseudotoken });
  };

  MP.prototype.updatePseudotoken = function (fastPaymentToken, pseudotoken, cardToken) {
    return call(this, 'PUT', 'pseudotokens/' + encodeURIComponent(pseudotoken), null, { fast_payment_token: fastPaymentToken, card_token: cardToken });
  };
})();
