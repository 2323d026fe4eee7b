import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION } from '../../../src/server/checkin/code-format';

/** The margin (in modules) the ticket PDF draws around its QR codes (`ticket-pdf.ts`). */
const PDF_QR_MARGIN = 1;

interface Picture { width: number; height: number; dark: (x: number, y: number) => boolean }

/** A binary PPM (P6) or PGM (P5), the formats poppler's `pdfimages` writes by default. */
function readPnm(file: Buffer): Picture | null {
  const header = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) return null;
  const [whole, kind, w, h] = header;
  const width = Number(w);
  const channels = kind === 'P6' ? 3 : 1;
  const pixels = file.subarray(whole.length);
  return {
    width,
    height: Number(h),
    dark: (x, y) => {
      const at = (y * width + x) * channels;
      let sum = 0;
      for (let c = 0; c < channels; c += 1) sum += pixels[at + c];
      return sum / channels < 128;
    },
  };
}

/**
 * Whether one of the QR codes printed in a ticket PDF encodes `secret`. No QR decoder is
 * installed, so the check runs the other way: the secret's QR modules (the same library and
 * error-correction level the PDF uses) are compared with each extracted picture, sampled at
 * the centre of every module.
 */
export function pdfHasQrOf(pdfPath: string, secret: string): boolean {
  const modules = QRCode.create(secret, { errorCorrectionLevel: QR_ERROR_CORRECTION }).modules;
  const dir = mkdtempSync(join(tmpdir(), 'pdf-qr-'));
  try {
    execFileSync('pdfimages', [pdfPath, join(dir, 'img')]);
    const pictures = readdirSync(dir).map((file) => readPnm(readFileSync(join(dir, file)))).filter((p): p is Picture => p !== null);
    return pictures.some((picture) => {
      const scale = picture.width / (modules.size + 2 * PDF_QR_MARGIN);
      if (picture.height !== picture.width) return false;
      for (let row = 0; row < modules.size; row += 1) {
        for (let col = 0; col < modules.size; col += 1) {
          const x = Math.floor((PDF_QR_MARGIN + col + 0.5) * scale);
          const y = Math.floor((PDF_QR_MARGIN + row + 0.5) * scale);
          if (picture.dark(x, y) !== Boolean(modules.get(row, col))) return false;
        }
      }
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
