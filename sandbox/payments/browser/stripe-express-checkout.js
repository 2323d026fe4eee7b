/*
 * The express checkout element of the sandbox's Stripe.js (appended to /sandbox/stripe/v3):
 * Google Pay / Apple Pay buttons and, on a click the page resolves, the sandbox's payment
 * sheet — a modal dialog listing the line items with the contact fields asked for, Pay and
 * Cancel (Escape cancels, focus stays inside and returns to the button). Pay posts the sheet
 * to /sandbox/stripe/wallet-sheet, which answers a payment method; the element then emits
 * `confirm` and the page's confirmPayment uses that method.
 */
(function () {
  'use strict';
  var Stripe = window.Stripe;
  // Only the sandbox's Stripe.js is extended.
  if (!Stripe || !Stripe._sandbox || Stripe._sandbox.elementTypes.expressCheckout) return;
  var Emitter = Stripe._sandbox.Emitter;
  var resolveNode = Stripe._sandbox.resolveNode;
  var WALLET_NAMES = Stripe._sandbox.walletNames;
  var availableWallets = Stripe._sandbox.availableWallets;

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

  Stripe._sandbox.elementTypes.expressCheckout = ExpressCheckoutElement;
})();
