/*
 * The end of the sandbox's 3-D Secure challenge, inside the frame the card panel opened:
 * tells the page that framed it, as MercadoPago's challenge frame does, that the buyer has
 * answered (`{ status: 'COMPLETE' }`). Only the framing page's origin (our own) receives it.
 */
(function () {
  'use strict';
  if (window.parent && window.parent !== window) window.parent.postMessage({ status: 'COMPLETE' }, window.location.origin);
})();
