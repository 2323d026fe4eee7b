import { PNG } from 'pngjs';

/**
 * The pass's icon and logo, drawn here and written as PNG by `pngjs`, at 1x, 2x and 3x (Wallet
 * picks by screen): a ticket with notched sides. Drawn rather than shipped as files so they follow
 * the event's colours; an image is a pure function of its size and colour, cached.
 */

type Rgb = [number, number, number];

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
  const png = new PNG({ width, height });
  const rgba = png.data;
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
  return PNG.sync.write(png);
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
