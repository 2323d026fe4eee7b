import { ZXING_WASM_URL } from './zxingWasm';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The platform's BarcodeDetector when it reads QR codes, else the zxing-wasm ponyfill with its .wasm from our origin. */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) return new native({ formats: ['qr_code'] });
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Compiled now, so a decoder that cannot load (no network on a first visit, a CSP without 'wasm-unsafe-eval')
  // is a camera error the steward sees, not a camera that silently reads nothing.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** The same code again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 3000;
const FRAME_EVERY_MS = 150;

/**
 * Opens the back camera into `video` and calls `onCode` with each QR read (a code held in view is read once).
 * Resolves to the function that stops it; rejects when there is no camera or it is refused.
 */
export async function startCamera(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void> {
  const detector = await qrDetector();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  let last = { code: '', at: 0 };
  const loop = async () => {
    while (!stopped) {
      if (video.readyState >= 2) {
        const found = await detector.detect(video).catch(() => []);
        const code = found[0]?.rawValue;
        if (code && (code !== last.code || Date.now() - last.at > SAME_CODE_MS)) onCode(code);
        if (code) last = { code, at: Date.now() };
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_EVERY_MS));
    }
  };
  void loop();
  return () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
