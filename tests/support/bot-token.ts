/**
 * A bot-check token from the server at `baseUrl`, got as the reCAPTCHA sandbox's api.js gets one:
 * the site key from `/api/config`, then the sandbox's token endpoint (host name: the server's own).
 */
export async function sandboxBotToken(baseUrl: string, action = 'new_purchase'): Promise<string> {
  const { botCheck } = (await (await fetch(`${baseUrl}/api/config`)).json()) as { botCheck: { siteKey: string } };
  const res = await fetch(`${baseUrl}/sandbox/recaptcha/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteKey: botCheck.siteKey, action, hostname: new URL(baseUrl).hostname }),
  });
  return ((await res.json()) as { token: string }).token;
}
