import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../../src/server/services/image-sniff';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');

/** A JPEG's first segments as cameras write them: SOI, APP0 (JFIF), then the frame header SOF0 of 640 × 480. */
const jpegHeader = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
]);

/** RIFF/WEBP with a VP8X chunk: canvas 300 × 200 (stored minus one, 24-bit little-endian). */
const webpHeader = Buffer.concat([
  Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8X'), Buffer.from([10, 0, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0x2b, 0x01, 0x00, 0xc7, 0x00, 0x00]), Buffer.alloc(8),
]);

describe('sniffImage', () => {
  it('reads the real type and pixel size from the header of PNG, GIF, JPEG and WebP', () => {
    expect(sniffImage(PNG_1x1)).toEqual({ mime: 'image/png', width: 1, height: 1 });
    expect(sniffImage(GIF_1x1)).toEqual({ mime: 'image/gif', width: 1, height: 1 });
    expect(sniffImage(jpegHeader)).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(sniffImage(webpHeader)).toEqual({ mime: 'image/webp', width: 300, height: 200 });
  });

  it('refuses magic bytes followed by junk, and headers that name an empty picture', () => {
    expect(sniffImage(Buffer.concat([PNG_1x1.subarray(0, 8), Buffer.alloc(1000, 0x41)]))).toBeUndefined();
    expect(sniffImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1000, 0x41)]))).toBeUndefined();
    expect(sniffImage(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]))).toBeUndefined();
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), Buffer.alloc(40, 0x41)]))).toBeUndefined();
    const zero = Buffer.from(PNG_1x1);
    zero.writeUInt32BE(0, 20);
    expect(sniffImage(zero)).toBeUndefined();
    expect(sniffImage(Buffer.from('hola, no soy imagen'))).toBeUndefined();
  });

  it('a JPEG with endless empty segments is given up on (bounded work)', () => {
    const segments = Buffer.concat(Array.from({ length: 5000 }, () => Buffer.from([0xff, 0xe1, 0x00, 0x02])));
    expect(sniffImage(Buffer.concat([Buffer.from([0xff, 0xd8]), segments, jpegHeader.subarray(20)]))).toBeUndefined();
  });
});
