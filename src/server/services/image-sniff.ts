/** Image types recognised by their first bytes; the declared MIME of a data URL is not trusted. */
const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => b.length > 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') },
  { mime: 'image/webp', test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The real image type of `bytes` by magic number, or undefined when it is not an image we accept. */
export function sniffImageType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(bytes))?.mime;
}

/** Decodes a `data:<mime>;base64,<payload>` URL; undefined when it is not one. */
export function decodeDataUrl(value: string): { declaredMime: string; bytes: Buffer } | undefined {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) return undefined;
  return { declaredMime: match[1].toLowerCase(), bytes: Buffer.from(match[2], 'base64') };
}
