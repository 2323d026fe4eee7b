/*
 * The payment sandbox's Stripe.js: the subset of https://js.stripe.com's API the storefront
 * uses, talking to this server's Stripe sandbox. It defines `window.Stripe`, so the official
 * `@stripe/stripe-js` loader answers it instead of injecting the real script.
 *
 *   Stripe(publishableKey, {locale})
 *   stripe.elements({clientSecret, locale, appearance}) → elements
 *   elements.create('payment')          card number / expiry / code in a frame of this origin;
 *                                        events ready, change {complete, empty}
 *   elements.create('expressCheckout', {buttonHeight, layout: {maxColumns, maxRows},
 *     paymentMethods: {googlePay, applePay}, emailRequired, phoneNumberRequired})
 *                                        Google Pay / Apple Pay buttons; events ready
 *                                        {availablePaymentMethods}, click {resolve(options)},
 *                                        confirm {expressPaymentType, billingDetails}, cancel
 *   elements.submit()                    → {} or {error} (the card fields as they stand)
 *   stripe.confirmPayment({elements, clientSecret, confirmParams: {return_url,
 *     payment_method_data: {billing_details}}, redirect})
 *                                        → redirect to return_url?payment_intent=…&
 *                                          payment_intent_client_secret=…&redirect_status=…,
 *                                          to the 3-D Secure page first when asked, or {error}
 *
 * Which wallets the sandbox offers: both, in any browser, unless localStorage
 * `stripeSandboxWallets` lists the ones "this browser" can pay with ("google_pay",
 * "apple_pay", "google_pay,apple_pay" or "none"). A wallet the page turns off with
 * `paymentMethods: {googlePay: 'never'}` is never shown.
 */
(function () {
  'use strict';
  if (window.Stripe) return;

  var API = '/sandbox/stripe/api/v1';
  var NETWORK_ERROR = { type: 'api_connection_error', message: 'A network error has occurred, and you have not been charged. Please try again.' };
  var WALLET_NAMES = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' };
  var frameCount = 0;
  /** Element classes by type; stripe-express-checkout.js adds `expressCheckout`. */
  var ELEMENT_TYPES = {};

  function encode(params, prefix, out) {
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
    });
    return out;
  }

  /** A call of the sandbox's API with the publishable key, as Stripe.js makes them: {status, body}, or a network error. */
  function api(key, method, path, params) {
    var init = { method: method, headers: { authorization: 'Bearer ' + key }, credentials: 'same-origin' };
    if (params) {
      init.headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = encode(params, '', []).join('&');
    }
    return fetch(API + path, init).then(
      function (response) {
        return response.json().then(function (body) {
          return { status: response.status, body: body };
        });
      },
      function () {
        return { status: 0, body: { error: NETWORK_ERROR } };
      }
    );
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret || '').split('_secret_')[0];
  }

  function availableWallets() {
    var setting = null;
    try {
      setting = window.localStorage.getItem('stripeSandboxWallets');
    } catch (e) {
      setting = null;
    }
    if (setting === null) return { google_pay: true, apple_pay: true };
    var listed = setting.split(',').map(function (s) { return s.trim(); });
    return { google_pay: listed.indexOf('google_pay') >= 0, apple_pay: listed.indexOf('apple_pay') >= 0 };
  }

  function Emitter() {
    this._handlers = {};
  }
  Emitter.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Emitter.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  Emitter.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(data) {
      self.off(event, wrapped);
      handler(data);
    }
    return this.on(event, wrapped);
  };
  Emitter.prototype._emit = function (event, data) {
    (this._handlers[event] || []).slice().forEach(function (handler) { handler(data); });
    return (this._handlers[event] || []).length > 0;
  };

  function resolveNode(target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw new Error('IntegrationError: the element to mount into does not exist.');
    return node;
  }

  // ---- The payment element: a frame of this origin holds the card; only a payment method id comes out. ----

  function PaymentElement(elements, options) {
    Emitter.call(this);
    this._elements = elements;
    this._options = options || {};
    this._id = 'stripe-sandbox-frame-' + (frameCount += 1);
    this._pending = {};
    this._requests = 0;
    this._state = { complete: false, empty: true };
    this._listener = this._onMessage.bind(this);
  }
  PaymentElement.prototype = Object.create(Emitter.prototype);
  PaymentElement.prototype.mount = function (target) {
    var node = resolveNode(target);
    var frame = document.createElement('iframe');
    frame.src = '/sandbox/stripe/elements/payment?id=' + encodeURIComponent(this._id) + '&locale=' + encodeURIComponent(this._elements._locale);
    frame.title = 'Secure payment input frame';
    frame.name = this._id;
    frame.setAttribute('allow', 'payment');
    frame.style.cssText = 'border:0;width:100%;height:220px;display:block;background:transparent;';
    this._frame = frame;
    window.addEventListener('message', this._listener);
    node.appendChild(frame);
    this._emit('loaderstart', { elementType: 'payment' });
  };
  PaymentElement.prototype._onMessage = function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || !this._frame || event.source !== this._frame.contentWindow) return;
    if (!data || data.source !== 'stripe-sandbox-card' || data.frame !== this._id) return;
    if (data.type === 'ready') this._emit('ready', { elementType: 'payment' });
    if (data.type === 'change') {
      this._state = { complete: data.complete, empty: data.empty };
      this._emit('change', { elementType: 'payment', complete: data.complete, empty: data.empty, collapsed: false, value: { type: 'card' } });
    }
    if (data.type === 'focus' || data.type === 'blur') this._emit(data.type, { elementType: 'payment' });
    if (data.type === 'result' && this._pending[data.requestId]) {
      this._pending[data.requestId](data);
      delete this._pending[data.requestId];
    }
  };
  PaymentElement.prototype._ask = function (message) {
    var self = this;
    if (!this._frame || !this._frame.contentWindow) return Promise.resolve({ error: { type: 'validation_error', message: 'The payment element is not mounted.' } });
    this._requests += 1;
    var requestId = this._id + ':' + this._requests;
    return new Promise(function (resolve) {
      self._pending[requestId] = resolve;
      message.requestId = requestId;
      message.source = 'stripe-sandbox-parent';
      self._frame.contentWindow.postMessage(message, window.location.origin);
    });
  };
  PaymentElement.prototype._validate = function () {
    return this._ask({ type: 'validate' });
  };
  PaymentElement.prototype._createPaymentMethod = function (billingDetails) {
    return this._ask({ type: 'createPaymentMethod', key: this._elements._stripe._key, billing_details: billingDetails || {} });
  };
  PaymentElement.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  PaymentElement.prototype.focus = function () {
    if (this._frame) this._frame.focus();
  };
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () {};
  PaymentElement.prototype.collapse = function () {};
  PaymentElement.prototype.unmount = function () {
    window.removeEventListener('message', this._listener);
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
  };
  PaymentElement.prototype.destroy = function () {
    this.unmount();
    this._handlers = {};
    delete this._elements._created.payment;
  };
  ELEMENT_TYPES.payment = PaymentElement;

  // ---- Elements ----

  function Elements(stripe, options) {
    options = options || {};
    this._stripe = stripe;
    this._clientSecret = options.clientSecret;
    this._locale = options.locale || stripe._locale || 'auto';
    this._appearance = options.appearance || {};
    this._created = {};
  }
  Elements.prototype.create = function (type, options) {
    if (this._created[type]) throw new Error('IntegrationError: Can only create one Element of type ' + type + '.');
    var Type = ELEMENT_TYPES[type];
    if (!Type) throw new Error('IntegrationError: the sandbox does not offer the ' + type + ' Element.');
    var element = new Type(this, options);
    this._created[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._created[type] || null;
  };
  Elements.prototype.update = function (options) {
    if (options && options.locale) this._locale = options.locale;
    if (options && options.appearance) this._appearance = options.appearance;
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  /** Checks the payment element's fields before confirming; an express payment has nothing to check. */
  Elements.prototype.submit = function () {
    if (this._expressPaymentMethod || !this._created.payment) return Promise.resolve({});
    return this._created.payment._validate().then(function (result) {
      return result.error ? { error: result.error } : {};
    });
  };

  // ---- Stripe ----

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || !key) throw new Error('IntegrationError: Please call Stripe() with your publishable key.');
    this._key = key;
    this._locale = (options && options.locale) || 'auto';
  }
  Stripe.version = 'endive';
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype.elements = function (options) {
    return new Elements(this, options);
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = intentIdOf(clientSecret);
    return api(this._key, 'GET', '/payment_intents/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(clientSecret)).then(function (result) {
      return result.status === 200 ? { paymentIntent: result.body } : { error: result.body.error };
    });
  };
  /** A payment method from the mounted payment element (the card never leaves its frame but to the sandbox's API). */
  Stripe.prototype.createPaymentMethod = function (params) {
    var element = params && params.elements && params.elements._created.payment;
    if (!element) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'A mounted payment element is needed.' } });
    return element._createPaymentMethod((params.params && params.params.billing_details) || {}).then(function (result) {
      return result.error ? { error: result.error } : { paymentMethod: result.paymentMethod };
    });
  };
  Stripe.prototype.createToken = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The sandbox issues payment methods, not tokens: use confirmPayment.' } });
  };
  /** Confirms with an existing payment method id, without leaving the page. */
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var method = data && data.payment_method;
    return this._confirm(clientSecret, typeof method === 'string' ? method : null, null, 'if_required');
  };
  Stripe.prototype.confirmPayment = function (params) {
    var self = this;
    params = params || {};
    var elements = params.elements;
    var clientSecret = params.clientSecret || (elements && elements._clientSecret);
    var confirmParams = params.confirmParams || {};
    var billing = (confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details) || {};
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'A client secret is needed.' } });
    var express = elements && elements._expressPaymentMethod;
    var method = express
      ? Promise.resolve({ paymentMethod: { id: express } })
      : elements && elements._created.payment
        ? elements._created.payment._createPaymentMethod(billing)
        : Promise.resolve({ error: { type: 'invalid_request_error', message: 'Nothing to confirm the payment with.' } });
    if (express) elements._expressPaymentMethod = null;
    return method.then(function (result) {
      if (result.error) return { error: result.error };
      return self._confirm(clientSecret, result.paymentMethod.id, confirmParams.return_url || null, params.redirect || 'always');
    });
  };
  Stripe.prototype._confirm = function (clientSecret, paymentMethod, returnUrl, redirect) {
    var id = intentIdOf(clientSecret);
    var body = { client_secret: clientSecret, payment_method: paymentMethod };
    if (returnUrl) body.return_url = new URL(returnUrl, window.location.href).toString();
    return api(this._key, 'POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', body).then(function (result) {
      if (result.status !== 200) return { error: Object.assign({}, result.body.error || NETWORK_ERROR) };
      var intent = result.body;
      if (intent.status === 'requires_action' && intent.next_action && intent.next_action.redirect_to_url) {
        window.location.assign(intent.next_action.redirect_to_url.url);
        return new Promise(function () {});
      }
      if (redirect === 'if_required' || !returnUrl) return { paymentIntent: intent };
      var back = new URL(body.return_url);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', clientSecret);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' || intent.status === 'processing' ? 'succeeded' : 'failed');
      window.location.assign(back.toString());
      return new Promise(function () {});
    });
  };

  // What the express checkout part of this script (stripe-express-checkout.js) builds on.
  Stripe._sandbox = { Emitter: Emitter, resolveNode: resolveNode, elementTypes: ELEMENT_TYPES, walletNames: WALLET_NAMES, availableWallets: availableWallets };
  window.Stripe = Stripe;
})();
