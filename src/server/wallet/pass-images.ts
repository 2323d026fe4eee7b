import { deflateSync } from 'node:zlib';

/**
 * The pass's icon and logo, drawn here as PNG at 1x, 2x and 3x (Wallet picks by screen): a
 * ticket with notched sides. Drawn rather than shipped as files so they follow the event's
 * colours; an image is a pure function of its size and colour, cached.
 */

type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** PNG's chunk checksum (CRC-32, not a security measure). */
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image as a PNG file (8-bit, no filter). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether (x, y), in a 0..1 box, falls on the ticket: a rounded card with a notch in each side. */
function onTicket(x: number, y: number, aspect: number): boolean {
  const inset = 0.06;
  if (x < inset || x > 1 - inset || y < inset * aspect || y > 1 - inset * aspect) return false;
  const notch = 0.14;
  const dx = Math.min(x - inset, 1 - inset - x);
  const dy = (y - 0.5) * aspect;
  if (dx * dx + dy * dy < notch * notch) return false;
  // The perforation: a dashed gap a third of the way along.
  const across = Math.abs(x - 0.34) < 0.015;
  return !(across && Math.floor(y * 10) % 2 === 0);
}

function draw(width: number, height: number, colour: Rgb, background: Rgb | null): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  const samples = 3;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let hits = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          if (onTicket((px + (sx + 0.5) / samples) / width, (py + (sy + 0.5) / samples) / height, height / width)) hits++;
        }
      }
      const cover = hits / (samples * samples);
      const at = (py * width + px) * 4;
      if (background) {
        for (let c = 0; c < 3; c++) rgba[at + c] = Math.round(colour[c] * cover + background[c] * (1 - cover));
        rgba[at + 3] = 255;
      } else {
        rgba.set(colour, at);
        rgba[at + 3] = Math.round(255 * cover);
      }
    }
  }
  return encodePng(width, height, rgba);
}

/** `rgb(r, g, b)` (the pass colours' form) → components. */
function parseRgb(text: string): Rgb {
  const parts = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(text);
  return parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [255, 255, 255];
}

const images = new Map<string, Record<string, Buffer>>();

/**
 * `icon.png` (29 pt: the lock screen and notifications, the ticket in `foreground` on
 * `background`) and `logo.png` (160×50 pt, the ticket in `foreground` on the pass itself), each
 * at @2x and @3x too.
 */
export function passImages(colours: { background: string; foreground: string }): Record<string, Buffer> {
  const key = `${colours.background}|${colours.foreground}`;
  let files = images.get(key);
  if (!files) {
    const fg = parseRgb(colours.foreground);
    const bg = parseRgb(colours.background);
    files = {};
    for (const [scale, suffix] of [[1, ''], [2, '@2x'], [3, '@3x']] as const) {
      files[`icon${suffix}.png`] = draw(29 * scale, 29 * scale, fg, bg);
      // The logo's ticket takes the left of its box; the event's name is the pass's logoText beside it.
      files[`logo${suffix}.png`] = draw(50 * scale, 50 * scale, fg, null);
    }
    images.set(key, files);
  }
  return files;
}
