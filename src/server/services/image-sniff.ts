/** What the header of an image says: its real type and its size in pixels. */
export interface ImageHeader {
  mime: string;
  width: number;
  height: number;
}

/** JPEG markers that carry a frame header (SOF0–SOF15 minus DHT, JPG and DAC). */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** JPEG segments read before giving up: real files reach their frame header within a few dozen. */
const JPEG_MAX_SEGMENTS = 256;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(b: Buffer): ImageHeader | undefined {
  // The first chunk must be IHDR (length 13): width and height, big-endian.
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageHeader | undefined {
  const magic = b.toString('latin1', 0, 6);
  if (b.length < 13 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return undefined;
  return { mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** Walks the JPEG segments (by their lengths, so bounded by JPEG_MAX_SEGMENTS) to the frame header. */
function jpeg(b: Buffer): ImageHeader | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  let offset = 2;
  for (let segment = 0; segment < JPEG_MAX_SEGMENTS && offset + 4 <= b.length; segment++) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan data or end before any frame header
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    const length = b.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > b.length) return undefined;
      return { mime: 'image/jpeg', height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function webp(b: Buffer): ImageHeader | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { mime: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width−1 and height−1 in 14 bits each.
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { mime: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/**
 * The real type and pixel size of `bytes`, read from the image's own header (the declared
 * MIME of a data URL is not trusted): undefined unless it is a PNG, JPEG, GIF or WebP whose
 * header parses and names a non-empty picture. So magic bytes followed by junk are refused.
 * Only the header is read (bounded work whatever the size); the pixels are never decoded.
 */
export function sniffImage(bytes: Buffer): ImageHeader | undefined {
  const header = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  return header && header.width > 0 && header.height > 0 ? header : undefined;
}

/** Decodes a `data:<mime>;base64,<payload>` URL; undefined when it is not one. */
export function decodeDataUrl(value: string): { declaredMime: string; bytes: Buffer } | undefined {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) return undefined;
  return { declaredMime: match[1].toLowerCase(), bytes: Buffer.from(match[2], 'base64') };
}
