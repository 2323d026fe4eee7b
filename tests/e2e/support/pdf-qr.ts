import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** A PNG as a grid of dark (true) and light pixels, whatever its colour type. */
function darkPixels(png: Buffer): { width: number; height: number; dark: boolean[] } {
  const image = PNG.sync.read(png);
  const dark: boolean[] = [];
  for (let i = 0; i < image.width * image.height; i += 1) {
    const [r, g, b] = image.data.subarray(i * 4, i * 4 + 3);
    dark.push(r + g + b < 384);
  }
  return { width: image.width, height: image.height, dark };
}

/**
 * The QR images a ticket PDF carries, extracted with poppler's `pdfimages`, each as the dark
 * pixels of its picture. No QR decoder is installed, so a secret is checked by drawing its QR
 * exactly as the PDF does (same library and options) and comparing the pixels.
 */
export function pdfQrImages(pdfPath: string): ReturnType<typeof darkPixels>[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-qr-'));
  try {
    execFileSync('pdfimages', ['-png', pdfPath, join(dir, 'img')]);
    return readdirSync(dir).sort().map((file) => darkPixels(readFileSync(join(dir, file))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether one of the PDF's QR images encodes `secret` (drawn with the PDF's own QR options). */
export async function pdfHasQrOf(pdfPath: string, secret: string): Promise<boolean> {
  const expected = darkPixels(await QRCode.toBuffer(secret, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 }));
  return pdfQrImages(pdfPath).some((image) =>
    image.width === expected.width && image.height === expected.height && image.dark.every((pixel, i) => pixel === expected.dark[i]));
}
