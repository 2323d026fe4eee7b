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

  // ---- The express checkout element: wallet buttons and the sandbox's payment sheet. ----

  function ExpressCheckoutElement(elements, options) {
    Emitter.call(this);
    this._elements = elements;
    this._options = options || {};
  }
  ExpressCheckoutElement.prototype = Object.create(Emitter.prototype);
  ExpressCheckoutElement.prototype._offered = function () {
    var available = availableWallets();
    var wanted = this._options.paymentMethods || {};
    return {
      google_pay: available.google_pay && wanted.googlePay !== 'never',
      apple_pay: available.apple_pay && wanted.applePay !== 'never',
    };
  };
  ExpressCheckoutElement.prototype.mount = function (target) {
    var self = this;
    var node = resolveNode(target);
    var offered = this._offered();
    var layout = this._options.layout || {};
    var columns = Math.max(1, Number(layout.maxColumns) || 2);
    var height = Math.min(55, Math.max(40, Number(this._options.buttonHeight) || 44));
    var box = document.createElement('div');
    box.style.cssText = 'display:grid;gap:8px;grid-template-columns:repeat(' + columns + ',minmax(0,1fr));';
    var wallets = ['google_pay', 'apple_pay'].filter(function (w) { return offered[w]; });
    var rows = Math.max(1, Number(layout.maxRows) || wallets.length);
    wallets.slice(0, columns * rows).forEach(function (wallet) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Pay with ' + WALLET_NAMES[wallet];
      button.setAttribute('data-wallet', wallet);
      button.style.cssText = 'height:' + height + 'px;border-radius:6px;border:0;font:600 16px system-ui,sans-serif;cursor:pointer;background:#000;color:#fff;';
      button.addEventListener('click', function () { self._click(wallet, button); });
      box.appendChild(button);
    });
    this._box = box;
    node.appendChild(box);
    setTimeout(function () {
      self._emit('ready', {
        elementType: 'expressCheckout',
        availablePaymentMethods: wallets.length ? { googlePay: offered.google_pay, applePay: offered.apple_pay, link: false, paypal: false, amazonPay: false, klarna: false } : undefined,
      });
    }, 0);
  };
  ExpressCheckoutElement.prototype._click = function (wallet, button) {
    var self = this;
    var settled = false;
    var open = function (resolved) {
      if (settled) return;
      settled = true;
      self._openSheet(wallet, Object.assign({}, self._options, resolved || {}), button);
    };
    var event = {
      elementType: 'expressCheckout',
      expressPaymentType: wallet,
      resolve: open,
      reject: function () { settled = true; },
    };
    if (!this._emit('click', event)) open({});
  };
  ExpressCheckoutElement.prototype._openSheet = function (wallet, options, opener) {
    var self = this;
    var elements = this._elements;
    var items = options.lineItems || [];
    var total = items.reduce(function (sum, item) { return sum + (Number(item.amount) || 0); }, 0);
    var format = function (minor) {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'MXN' }).format(minor / 100);
    };
    var overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
    var sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    sheet.setAttribute('aria-labelledby', 'stripe-sandbox-sheet-title');
    sheet.setAttribute('lang', 'en');
    sheet.style.cssText = 'background:#fff;color:#1b1b1b;border-radius:10px;padding:20px;width:min(420px,92vw);font:16px system-ui,sans-serif;box-shadow:0 8px 30px rgba(0,0,0,.3);';
    var title = document.createElement('h2');
    title.id = 'stripe-sandbox-sheet-title';
    title.style.cssText = 'margin:0 0 4px;font-size:20px;';
    title.textContent = WALLET_NAMES[wallet] + ' (sandbox)';
    var note = document.createElement('p');
    note.style.cssText = 'margin:0 0 12px;font-size:14px;';
    note.textContent = 'A test payment sheet: no charge is real.';
    var list = document.createElement('ul');
    list.style.cssText = 'list-style:none;padding:0;margin:0 0 12px;';
    items.forEach(function (item) {
      var li = document.createElement('li');
      li.style.cssText = 'display:flex;justify-content:space-between;gap:12px;padding:2px 0;';
      var name = document.createElement('span');
      name.textContent = item.name;
      var amount = document.createElement('span');
      amount.textContent = format(Number(item.amount) || 0);
      li.appendChild(name);
      li.appendChild(amount);
      list.appendChild(li);
    });
    var totalRow = document.createElement('p');
    totalRow.style.cssText = 'display:flex;justify-content:space-between;font-weight:700;margin:0 0 12px;border-top:1px solid #ccc;padding-top:8px;';
    var totalLabel = document.createElement('span');
    totalLabel.textContent = 'Total';
    var totalAmount = document.createElement('span');
    totalAmount.textContent = format(total);
    totalRow.appendChild(totalLabel);
    totalRow.appendChild(totalAmount);
    var fields = document.createElement('div');
    var makeField = function (id, label, type, value, autocomplete) {
      var wrap = document.createElement('p');
      wrap.style.cssText = 'margin:0 0 8px;';
      var l = document.createElement('label');
      l.htmlFor = id;
      l.textContent = label;
      l.style.cssText = 'display:block;font-weight:600;font-size:14px;margin-bottom:2px;';
      var input = document.createElement('input');
      input.id = id;
      input.type = type;
      input.value = value;
      input.autocomplete = autocomplete;
      input.style.cssText = 'width:100%;box-sizing:border-box;font-size:16px;padding:6px;border:1px solid #767676;border-radius:4px;';
      wrap.appendChild(l);
      wrap.appendChild(input);
      fields.appendChild(wrap);
      return input;
    };
    var nameInput = makeField('stripe-sandbox-sheet-name', 'Name on the wallet', 'text', 'Wallet Tester', 'name');
    var emailInput = options.emailRequired ? makeField('stripe-sandbox-sheet-email', 'E-mail', 'email', 'wallet.tester@example.com', 'email') : null;
    var phoneInput = options.phoneNumberRequired ? makeField('stripe-sandbox-sheet-phone', 'Phone', 'tel', '+52 55 5555 0100', 'tel') : null;
    var status = document.createElement('p');
    status.setAttribute('role', 'alert');
    status.style.cssText = 'color:#b00020;margin:0 0 8px;min-height:1em;';
    var actions = document.createElement('div');
    actions.style.cssText = 'display:flex;gap:8px;justify-content:flex-end;';
    var cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.style.cssText = 'font-size:16px;padding:8px 16px;border-radius:6px;border:2px solid #000;background:#fff;color:#000;cursor:pointer;';
    var pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay ' + format(total);
    pay.style.cssText = 'font-size:16px;padding:8px 16px;border-radius:6px;border:2px solid #000;background:#000;color:#fff;cursor:pointer;';
    actions.appendChild(cancel);
    actions.appendChild(pay);
    [title, note, list, totalRow, fields, status, actions].forEach(function (child) { sheet.appendChild(child); });
    overlay.appendChild(sheet);
    document.body.appendChild(overlay);
    pay.focus();

    var close = function () {
      document.removeEventListener('keydown', onKey, true);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (opener && opener.focus) opener.focus();
    };
    var onKey = function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        self._emit('cancel', { elementType: 'expressCheckout', expressPaymentType: wallet });
      }
      if (event.key === 'Tab') {
        // Focus stays inside the sheet while it is open.
        var focusable = Array.prototype.slice.call(sheet.querySelectorAll('input,button'));
        var first = focusable[0];
        var last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      }
    };
    document.addEventListener('keydown', onKey, true);
    cancel.addEventListener('click', function () {
      close();
      self._emit('cancel', { elementType: 'expressCheckout', expressPaymentType: wallet });
    });
    pay.addEventListener('click', function () {
      var billing = { name: nameInput.value, email: emailInput ? emailInput.value : undefined, phone: phoneInput ? phoneInput.value : undefined };
      pay.disabled = true;
      fetch('/sandbox/stripe/wallet-sheet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          key: elements._stripe._key,
          client_secret: elements._clientSecret,
          wallet: wallet,
          line_items: items.map(function (item) { return { name: String(item.name), amount: Number(item.amount) }; }),
          billing_details: JSON.parse(JSON.stringify(billing)),
        }),
      })
        .then(function (response) {
          return response.json().then(function (body) { return { ok: response.ok, body: body }; });
        })
        .then(function (result) {
          if (!result.ok) throw new Error((result.body.error && result.body.error.message) || 'The wallet could not pay.');
          close();
          elements._expressPaymentMethod = result.body.id;
          self._emit('confirm', {
            elementType: 'expressCheckout',
            expressPaymentType: wallet,
            billingDetails: { name: billing.name, email: billing.email, phone: billing.phone, address: null },
            paymentFailed: function () {},
          });
        })
        .catch(function (error) {
          pay.disabled = false;
          status.textContent = error.message;
        });
    });
  };
  ExpressCheckoutElement.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  ExpressCheckoutElement.prototype.unmount = function () {
    if (this._box && this._box.parentNode) this._box.parentNode.removeChild(this._box);
    this._box = null;
  };
  ExpressCheckoutElement.prototype.destroy = function () {
    this.unmount();
    this._handlers = {};
    delete this._elements._created.expressCheckout;
  };

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
    var element;
    if (type === 'payment') element = new PaymentElement(this, options);
    else if (type === 'expressCheckout') element = new ExpressCheckoutElement(this, options);
    else throw new Error('IntegrationError: the sandbox does not offer the ' + type + ' Element.');
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

  window.Stripe = Stripe;
})();
