/*
 * The sandbox's MercadoPago JS SDK v2 (GET /sandbox/mercadopago/js/v2): the API subset
 * a merchant page uses — new MercadoPago(publicKey, { locale }), secure fields
 * (fields.create / mount / unmount / on / update), fields.createCardToken,
 * getPaymentMethods and getIssuers — against the sandbox's REST API. Loaded before the
 * official loader, which then uses this window.MercadoPago instead of injecting
 * sdk.mercadopago.com. The secure fields are iframes served by the sandbox: this page
 * only hears their events and the resulting token, never the card data.
 */
(function () {
  'use strict';
  if (window.MercadoPago) return;
  var script = document.currentScript;
  var base = new URL('/sandbox/mercadopago/', script ? script.src : location.href);
  var apiBase = new URL('api', base).href;
  var FIELD_TYPES = ['cardNumber', 'expirationDate', 'securityCode'];
  var sequence = 0;

  function randomId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  function getJson(path, query) {
    var url = new URL(path, apiBase + '/');
    Object.keys(query).forEach(function (key) { if (query[key] != null) url.searchParams.set(key, query[key]); });
    return fetch(url.href).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw json;
        return json;
      });
    });
  }

  function Field(owner, type, options) {
    this._owner = owner;
    this._type = type;
    this._options = options || {};
    this._id = type + '-' + (++sequence);
    this._listeners = {};
    this._frame = null;
  }

  Field.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Field.prototype._fire = function (event, data) {
    (this._listeners[event] || []).forEach(function (callback) { callback(data); });
  };

  Field.prototype.mount = function (containerId) {
    var container = document.getElementById(containerId);
    if (!container) throw new Error('MercadoPago.js - Container ' + containerId + ' not found');
    if (this._frame) this.unmount();
    var options = this._options;
    var label = options.srLabel || options.placeholder || this._type;
    var query = new URLSearchParams({
      instance: this._owner._instance,
      field: this._id,
      origin: location.origin,
      api: apiBase,
      key: this._owner._publicKey,
      mode: options.mode || 'short',
      placeholder: options.placeholder || '',
      label: label,
      style: JSON.stringify(options.style || {}),
    });
    var frame = document.createElement('iframe');
    frame.src = new URL('fields/' + this._type + '?' + query.toString(), base).href;
    frame.title = label;
    frame.name = this._owner._instance + ':' + this._id;
    frame.setAttribute('allowtransparency', 'true');
    frame.style.cssText = 'border:0;width:100%;height:100%;min-height:40px;display:block;';
    container.appendChild(frame);
    this._frame = frame;
    this._owner._fields[this._type] = this;
    return this;
  };

  Field.prototype.unmount = function () {
    if (this._frame) this._frame.remove();
    this._frame = null;
    if (this._owner._fields[this._type] === this) delete this._owner._fields[this._type];
    return this;
  };

  Field.prototype._post = function (message) {
    if (!this._frame || !this._frame.contentWindow) return false;
    message.mpSandbox = this._owner._instance;
    message.field = this._id;
    this._frame.contentWindow.postMessage(message, base.origin);
    return true;
  };

  Field.prototype.update = function (changes) {
    changes = changes || {};
    this._post({ cmd: 'update', placeholder: changes.placeholder, settings: changes.settings, invalid: changes.invalid });
    return this;
  };

  Field.prototype.focus = function () {
    this._post({ cmd: 'focus' });
    return this;
  };

  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new TypeError('MercadoPago must be called with new');
    if (!publicKey) throw new Error('MercadoPago.js - Public key is required');
    var self = this;
    this._publicKey = publicKey;
    this._locale = (options && options.locale) || 'es-MX';
    this._instance = randomId();
    this._fields = {};
    this._requests = {};
    window.addEventListener('message', function (event) {
      var message = event.data || {};
      if (event.origin !== base.origin || message.mpSandbox !== self._instance) return;
      if (message.event === 'token' || message.event === 'tokenError') {
        var request = self._requests[message.data.requestId];
        if (!request) return;
        delete self._requests[message.data.requestId];
        if (message.event === 'token') request.resolve(message.data.token);
        else request.reject(message.data.error);
        return;
      }
      Object.keys(self._fields).forEach(function (type) {
        var field = self._fields[type];
        if (field._id === message.field && field._frame && event.source === field._frame.contentWindow) field._fire(message.event, message.data);
      });
    });
    this.fields = {
      create: function (type, fieldOptions) {
        if (FIELD_TYPES.indexOf(type) < 0) throw new Error('MercadoPago.js - Field type ' + type + ' is not supported by the sandbox');
        return new Field(self, type, fieldOptions);
      },
      createCardToken: function (data) {
        data = data || {};
        // A saved card whose code is not mandatory: no field holds card data, so the token is
        // asked for by its card id alone (the sandbox API refuses this for a card needing its code).
        if (data.cardId && !self._fields.securityCode) return tokenizeCardId(self, data);
        var collector = data.cardId ? self._fields.securityCode : self._fields.cardNumber || self._fields.securityCode;
        if (!collector) return Promise.reject([{ code: 'fields_not_mounted', message: 'Mount the secure fields before creating a token.' }]);
        var requestId = randomId();
        return new Promise(function (resolve, reject) {
          self._requests[requestId] = { resolve: resolve, reject: reject };
          collector._post({
            cmd: 'createCardToken',
            requestId: requestId,
            cardholderName: data.cardholderName,
            cardId: data.cardId,
            fields: Object.keys(self._fields),
          });
        });
      },
    };
  }

  /** POST /v1/card_tokens with a saved card's id only; a refusal rejects with MercadoPago's cause list, as the fields do. */
  function tokenizeCardId(self, data) {
    var body = { card_id: String(data.cardId) };
    if (data.cardholderName) body.cardholder = { name: data.cardholderName };
    return fetch(apiBase + '/v1/card_tokens?public_key=' + encodeURIComponent(self._publicKey), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw json.cause || json;
        return json;
      });
    });
  }

  MercadoPago.prototype.getPaymentMethods = function (query) {
    return getJson('v1/payment_methods/search', { public_key: this._publicKey, bins: query && query.bin });
  };

  MercadoPago.prototype.getIssuers = function (query) {
    return getJson('v1/payment_methods/card_issuers', { public_key: this._publicKey, payment_method_id: query && query.paymentMethodId, bin: query && query.bin });
  };

  // Lets the fast-payments part (appended to this script) find the sandbox API.
  MercadoPago._sandbox = { api: apiBase };
  window.MercadoPago = MercadoPago;
})();
