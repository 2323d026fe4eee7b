/**
 * The sandbox's `api.js`: a `window.grecaptcha` with reCAPTCHA v3's `ready` and `execute`. `execute`
 * asks the sandbox's token endpoint (beside this script) for a token bound to the site key, the
 * action and the page's host name, as Google's script does behind its own iframe.
 */
export const API_SCRIPT = `(() => {
  const tokenUrl = new URL('api/token', document.currentScript.src).href;
  window.grecaptcha = {
    ready(callback) { setTimeout(callback, 0); },
    async execute(siteKey, options) {
      const response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteKey, action: options && options.action, hostname: location.hostname }),
      });
      if (!response.ok) throw new Error('reCAPTCHA sandbox: ' + response.status);
      return (await response.json()).token;
    },
  };
})();
`;
