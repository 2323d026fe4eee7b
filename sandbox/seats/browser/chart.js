/*
 * The seat sandbox's chart script: defines window.seatsio.SeatingChart with the part of
 * seats.io's chart API the storefront uses (container or divId, workspaceKey, event, session
 * 'start' | 'continue' | 'manual' | 'none', holdToken, pricing, priceFormatter, language,
 * onObjectSelected / onObjectDeselected, onHoldTokenExpired, onSessionInitialized,
 * onChartRendered; render, destroy, holdToken, selectedObjects, listSelectedObjects,
 * clearSelection). It draws the sandbox venue as an SVG in which every place is a button named
 * by its label, state and price, holds and releases through the sandbox's public API with the
 * session's hold token, and polls the statuses every second so buyers see each other's holds.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var apiBase = new URL('./api/public/', script ? script.src : location.href).href;
  var SVG = 'http://www.w3.org/2000/svg';
  var POLL_MS = 1000;
  var TEXTS = {
    es: { free: 'disponible', selected: 'seleccionado', taken: 'no disponible', left: 'disponibles', map: 'Mapa de asientos', places: 'Lugares en', legend: 'Categorías', expired: 'Tu sesión de asientos venció; elige de nuevo.', unavailable: 'ya no está disponible' },
    en: { free: 'available', selected: 'selected', taken: 'unavailable', left: 'available', map: 'Seat map', places: 'Places in', legend: 'Categories', expired: 'Your seat session expired; choose again.', unavailable: 'is no longer available' },
  };
  var SESSION_KEY = 'seatsio';

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function request(method, path, body) {
    return fetch(apiBase + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw data;
        return data;
      });
    });
  }

  function SeatingChart(config) {
    this.config = config;
    this.state = 'INITIAL';
    this.holdToken = null;
    this.selectedObjects = [];
    this._selected = {};
    this._statuses = {};
    this._nodes = {};
  }

  SeatingChart.prototype._t = function () {
    return TEXTS[this.config.language === 'en' ? 'en' : 'es'];
  };

  SeatingChart.prototype._path = function (rest) {
    return encodeURIComponent(this.config.workspaceKey) + rest;
  };

  SeatingChart.prototype._eventPath = function (rest) {
    return this._path('/events/' + encodeURIComponent(this.config.event) + rest);
  };

  /** Price of a category from `pricing` (a list, or `{ prices }`), formatted like seats.io: priceFormatter, else the number. */
  SeatingChart.prototype._price = function (categoryKey) {
    var pricing = this.config.pricing;
    var prices = pricing && !Array.isArray(pricing) ? pricing.prices : pricing;
    var formatter = this.config.priceFormatter || (pricing && !Array.isArray(pricing) && pricing.priceFormatter);
    for (var i = 0; prices && i < prices.length; i++) {
      if (String(prices[i].category) === String(categoryKey)) {
        var price = prices[i].price;
        return { price: price, formattedPrice: formatter ? formatter(price) : String(price) };
      }
    }
    return null;
  };

  SeatingChart.prototype._startSession = function () {
    var self = this;
    var session = this.config.session || 'none';
    if (session === 'none') return Promise.resolve();
    if (session === 'manual') {
      this.holdToken = this.config.holdToken || null;
      return Promise.resolve();
    }
    var stored = null;
    try {
      stored = session === 'continue' ? sessionStorage.getItem(SESSION_KEY) : null;
    } catch (e) {
      stored = null;
    }
    if (stored) {
      this.holdToken = stored;
      return Promise.resolve();
    }
    return request('POST', this._path('/hold-tokens')).then(function (token) {
      self.holdToken = token.holdToken;
      try {
        sessionStorage.setItem(SESSION_KEY, token.holdToken);
      } catch (e) {
        /* private mode: the session lives in this page only */
      }
      if (self.config.onSessionInitialized) self.config.onSessionInitialized({ token: token.holdToken, expiresAt: token.expiresAt, expiresInSeconds: token.expiresInSeconds });
    });
  };

  SeatingChart.prototype.render = function () {
    var self = this;
    var container = this.config.container || document.getElementById(this.config.divId);
    this._container = container;
    this.state = 'RENDERING';
    this._startSession()
      .then(function () {
        return request('GET', self._path('/venue'));
      })
      .then(function (venue) {
        if (self.state === 'DESTROYED') return;
        self._venue = venue;
        self._draw(venue);
        return self._poll();
      })
      .then(function () {
        if (self.state === 'DESTROYED') return;
        self.state = 'RENDERED';
        self._timer = setInterval(function () {
          self._poll();
        }, POLL_MS);
        if (self.config.onChartRendered) self.config.onChartRendered(self);
      })
      ['catch'](function (error) {
        if (self.config.onChartRenderingFailed) self.config.onChartRenderingFailed(self, error);
      });
    return this;
  };

  SeatingChart.prototype.destroy = function () {
    clearInterval(this._timer);
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this.state = 'DESTROYED';
  };

  SeatingChart.prototype._objectJson = function (object) {
    var category = null;
    for (var i = 0; i < this._venue.categories.length; i++) {
      if (this._venue.categories[i].key === object.categoryKey) category = this._venue.categories[i];
    }
    var pricing = this._price(object.categoryKey);
    var status = this._statuses[object.label] || { status: 'free', numFree: object.capacity, heldByYou: 0 };
    var own = object.objectType === 'Seat' ? object.label.slice(object.parent.length + 1) : object.label;
    return {
      label: object.label,
      labels: { own: own, parent: object.parent || undefined, displayedLabel: object.label },
      objectType: object.objectType,
      category: category && { key: category.key, label: category.label, color: category.color, accessible: false, pricing: pricing, isFiltered: false },
      pricing: pricing,
      status: status.status,
      selected: Boolean(this._selected[object.label]),
      selectedTicketType: undefined,
      capacity: object.capacity,
      numSelected: this._selected[object.label] || 0,
      numFree: status.numFree,
    };
  };

  /** The place's accessible name: label, state and price ('A-12, disponible, $350'). */
  SeatingChart.prototype._name = function (object) {
    var t = this._t();
    var status = this._statuses[object.label];
    var mine = this._selected[object.label] || 0;
    var price = this._price(object.categoryKey);
    var parts = [object.label];
    if (object.objectType === 'GeneralAdmissionArea') {
      parts.push((status ? status.numFree : object.capacity) + ' ' + t.left + (mine ? ', ' + mine + ' ' + t.selected : ''));
    } else {
      parts.push(mine ? t.selected : this._available(object) ? t.free : t.taken);
    }
    if (price) parts.push(price.formattedPrice);
    return parts.join(', ');
  };

  SeatingChart.prototype._available = function (object) {
    var status = this._statuses[object.label];
    return !status || status.numFree > 0 || status.heldByYou > 0;
  };

  SeatingChart.prototype._draw = function (venue) {
    var self = this;
    var t = this._t();
    var root = document.createElement('div');
    root.setAttribute('data-seatsio-sandbox-chart', '');
    root.style.cssText = 'height:100%;display:flex;flex-direction:column;font-family:inherit;';
    var svg = el('svg', { viewBox: '0 0 ' + venue.width + ' ' + venue.height, role: 'group', 'aria-label': t.map + ': ' + venue.name, style: 'flex:1;min-height:0;width:100%;' });
    root.appendChild(svg);
    el('rect', { x: 40, y: 8, width: venue.width - 80, height: 24, rx: 4, fill: '#424242' }, svg);
    var stage = el('text', { x: venue.width / 2, y: 25, 'text-anchor': 'middle', fill: '#ffffff', 'font-size': 13, 'aria-hidden': 'true' }, svg);
    stage.textContent = self.config.language === 'en' ? 'STAGE' : 'ESCENARIO';
    venue.tables.forEach(function (table) {
      el('circle', { cx: table.x, cy: table.y, r: table.r, fill: '#eeeeee', stroke: '#757575' }, svg);
      var text = el('text', { x: table.x, y: table.y + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#212121', 'aria-hidden': 'true' }, svg);
      text.textContent = table.label;
    });
    venue.objects.forEach(function (object) {
      var g = el('g', { role: 'button', tabindex: '0', 'data-label': object.label, style: 'cursor:pointer;outline-offset:2px;' }, svg);
      var shape;
      var caption;
      if (object.objectType === 'Seat') {
        shape = el('circle', { cx: object.x, cy: object.y, r: 14 }, g);
        caption = el('text', { x: object.x, y: object.y + 4, 'text-anchor': 'middle', 'font-size': 11, 'aria-hidden': 'true' }, g);
        caption.textContent = object.label.slice(object.parent.length + 1);
      } else {
        shape = el('rect', { x: object.x, y: object.y, width: object.width, height: object.height, rx: 6 }, g);
        caption = el('text', { x: object.x + object.width / 2, y: object.y + object.height / 2 + 5, 'text-anchor': 'middle', 'font-size': 14, 'aria-hidden': 'true' }, g);
        caption.textContent = object.label;
      }
      el('title', {}, g);
      g.addEventListener('click', function () {
        self._activate(object);
      });
      g.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          self._activate(object);
        }
      });
      self._nodes[object.label] = { g: g, shape: shape, caption: caption, object: object };
    });
    // General-admission areas take a quantity: a labelled number field per area, under the map.
    var fields = document.createElement('div');
    fields.style.cssText = 'display:flex;gap:12px;flex-wrap:wrap;padding:8px 4px;align-items:center;';
    venue.objects.forEach(function (object) {
      if (object.objectType !== 'GeneralAdmissionArea') return;
      var label = document.createElement('label');
      label.style.cssText = 'display:flex;gap:6px;align-items:center;font-size:14px;';
      label.appendChild(document.createTextNode(t.places + ' ' + object.label));
      var input = document.createElement('input');
      input.type = 'number';
      input.min = '0';
      input.max = String(object.capacity);
      input.value = '0';
      input.style.cssText = 'width:4.5em;font:inherit;padding:2px 4px;';
      input.addEventListener('change', function () {
        self._setQuantity(object, Math.max(0, Math.min(object.capacity, parseInt(input.value, 10) || 0)));
      });
      label.appendChild(input);
      fields.appendChild(label);
      self._nodes[object.label].input = input;
    });
    var legend = document.createElement('ul');
    legend.setAttribute('aria-label', t.legend);
    legend.style.cssText = 'display:flex;gap:12px;flex-wrap:wrap;list-style:none;margin:0;padding:0 4px 4px;font-size:13px;';
    venue.categories.forEach(function (category) {
      var item = document.createElement('li');
      var swatch = document.createElement('span');
      swatch.setAttribute('aria-hidden', 'true');
      swatch.style.cssText = 'display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:4px;background:' + category.color;
      item.appendChild(swatch);
      var price = self._price(category.key);
      item.appendChild(document.createTextNode(category.label + (price ? ' ' + price.formattedPrice : '')));
      legend.appendChild(item);
    });
    fields.appendChild(legend);
    root.appendChild(fields);
    var live = document.createElement('div');
    live.setAttribute('aria-live', 'polite');
    live.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;';
    root.appendChild(live);
    this._live = live;
    this._root = root;
    this._container.appendChild(root);
    this._paint();
  };

  SeatingChart.prototype._paint = function () {
    var colors = {};
    this._venue.categories.forEach(function (c) {
      colors[c.key] = c.color;
    });
    for (var label in this._nodes) {
      var node = this._nodes[label];
      var object = node.object;
      var mine = this._selected[label] || 0;
      var available = this._available(object);
      var fill = mine ? '#ffb300' : available ? colors[object.categoryKey] : '#bdbdbd';
      node.shape.setAttribute('fill', fill);
      node.shape.setAttribute('stroke', mine ? '#000000' : '#ffffff');
      node.shape.setAttribute('stroke-width', mine ? '3' : '1');
      node.caption.setAttribute('fill', mine || !available ? '#000000' : '#ffffff');
      var name = this._name(object);
      node.g.setAttribute('aria-label', name);
      node.g.firstChild && node.g.lastChild.nodeName === 'title' && (node.g.lastChild.textContent = name);
      if (object.objectType !== 'GeneralAdmissionArea') {
        node.g.setAttribute('aria-pressed', mine ? 'true' : 'false');
        node.g.setAttribute('aria-disabled', available ? 'false' : 'true');
      } else if (node.input && document.activeElement !== node.input) {
        node.input.value = String(mine);
      }
    }
  };

  SeatingChart.prototype._poll = function () {
    var self = this;
    var query = this.holdToken ? '?holdToken=' + encodeURIComponent(this.holdToken) : '';
    return request('GET', this._eventPath('/objects' + query)).then(function (answer) {
      if (self.state === 'DESTROYED') return;
      answer.objects.forEach(function (status) {
        self._statuses[status.label] = status;
      });
      if (self.holdToken && answer.holdToken === null) return self._expired();
      self._paint();
    }, function () {
      /* a missed poll is retried by the next one */
    });
  };

  SeatingChart.prototype._expired = function () {
    var had = this.selectedObjects.length > 0;
    this._selected = {};
    this.selectedObjects = [];
    this.holdToken = null;
    try {
      sessionStorage.removeItem(SESSION_KEY);
    } catch (e) {
      /* nothing stored */
    }
    this._paint();
    if (had) this._announce(this._t().expired);
    if (this.config.onHoldTokenExpired) this.config.onHoldTokenExpired();
  };

  SeatingChart.prototype._announce = function (text) {
    if (this._live) this._live.textContent = text;
  };

  SeatingChart.prototype._activate = function (object) {
    if (object.objectType === 'GeneralAdmissionArea') {
      this._setQuantity(object, (this._selected[object.label] || 0) + 1);
      if (this._nodes[object.label].input) this._nodes[object.label].input.focus();
      return;
    }
    if (this._selected[object.label]) this._deselect(object);
    else this._select(object);
  };

  SeatingChart.prototype._hold = function (object, quantity) {
    if (!this.holdToken) return Promise.resolve(null);
    var item = object.objectType === 'GeneralAdmissionArea' ? { objectId: object.label, quantity: quantity } : object.label;
    return request('POST', this._eventPath('/actions/hold-objects'), { objects: [item], holdToken: this.holdToken });
  };

  SeatingChart.prototype._release = function (object) {
    if (!this.holdToken) return Promise.resolve(null);
    return request('POST', this._eventPath('/actions/release-objects'), { objects: [object.label], holdToken: this.holdToken });
  };

  SeatingChart.prototype._sync = function () {
    var list = [];
    for (var label in this._selected) if (this._selected[label]) list.push(label);
    this.selectedObjects = list;
    this._paint();
  };

  SeatingChart.prototype._select = function (object) {
    var self = this;
    if (!this._available(object)) {
      this._announce(object.label + ' ' + this._t().unavailable);
      return Promise.resolve();
    }
    return this._hold(object, 1).then(
      function () {
        self._selected[object.label] = 1;
        self._sync();
        self._announce(self._name(object));
        if (self.config.onObjectSelected) self.config.onObjectSelected(self._objectJson(object), undefined);
      },
      function () {
        self._announce(object.label + ' ' + self._t().unavailable);
        return self._poll();
      },
    );
  };

  SeatingChart.prototype._deselect = function (object) {
    var self = this;
    return this._release(object).then(function () {
      var json = self._objectJson(object);
      delete self._selected[object.label];
      self._sync();
      self._announce(self._name(object));
      if (self.config.onObjectDeselected) self.config.onObjectDeselected(json, undefined);
    });
  };

  /** An area's places: release the session's, hold the new number (all or nothing), one event per place added or removed. */
  SeatingChart.prototype._setQuantity = function (object, quantity) {
    var self = this;
    var before = this._selected[object.label] || 0;
    if (quantity === before) return Promise.resolve();
    return this._release(object)
      .then(function () {
        return quantity > 0 ? self._hold(object, quantity) : null;
      })
      .then(
        function () {
          self._selected[object.label] = quantity;
          self._sync();
          var json = self._objectJson(object);
          for (var i = before; i < quantity; i++) if (self.config.onObjectSelected) self.config.onObjectSelected(json, undefined);
          for (var j = quantity; j < before; j++) if (self.config.onObjectDeselected) self.config.onObjectDeselected(json, undefined);
          self._announce(self._name(object));
        },
        function () {
          // Not that many left: the earlier places were let go, so the selection is empty now.
          self._selected[object.label] = 0;
          self._sync();
          var json = self._objectJson(object);
          for (var j = 0; j < before; j++) if (self.config.onObjectDeselected) self.config.onObjectDeselected(json, undefined);
          self._announce(object.label + ' ' + self._t().unavailable);
          return self._poll();
        },
      );
  };

  SeatingChart.prototype.listCategories = function () {
    var self = this;
    return Promise.resolve((this._venue ? this._venue.categories : []).map(function (c) {
      return { key: c.key, label: c.label, color: c.color, accessible: false, pricing: self._price(c.key), isFiltered: false };
    }));
  };

  SeatingChart.prototype.listSelectedObjects = function () {
    var self = this;
    return Promise.resolve(this.selectedObjects.map(function (label) {
      return self._objectJson(self._nodes[label].object);
    }));
  };

  SeatingChart.prototype.clearSelection = function () {
    var self = this;
    return Promise.all(this.selectedObjects.map(function (label) {
      var object = self._nodes[label].object;
      return object.objectType === 'GeneralAdmissionArea' ? self._setQuantity(object, 0) : self._deselect(object);
    })).then(function () {});
  };

  SeatingChart.prototype.startNewSession = function () {
    try {
      sessionStorage.removeItem(SESSION_KEY);
    } catch (e) {
      /* nothing stored */
    }
    this._selected = {};
    this.selectedObjects = [];
    var session = this.config.session;
    this.config.session = 'start';
    var self = this;
    return this._startSession().then(function () {
      self.config.session = session;
      self._paint();
    });
  };

  window.seatsio = { SeatingChart: SeatingChart, version: 'sandbox' };
})();
