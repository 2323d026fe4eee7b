import { ZXING_WASM_URL } from './zxingWasm';

/**
 * Installs the scanner: its web manifest, and the service worker (`/checkin-sw.js`, scope `/checkin`) that keeps
 * the page and its assets so it opens with no signal after this first load. The worker cannot know the build's
 * hashed file names, so once it is active the page hands it the same-origin files it loaded (the camera's
 * decoder fetched here ahead of need, and its .wasm).
 */
export async function installScanner(): Promise<void> {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/checkin.webmanifest';
    document.head.append(link);
  }
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/checkin-sw.js', { scope: '/checkin' });
  await Promise.all([import('./cameraScanner'), import('barcode-detector/ponyfill')]).catch(() => undefined);
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
  worker?.postMessage({ type: 'cache', urls: [...new Set([...urls, new URL(ZXING_WASM_URL, location.href).href])] });
}
