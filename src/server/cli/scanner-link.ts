import QRCode from 'qrcode';

/** A scanner's pairing link for the terminal: as a QR (a phone's camera opens it), then in words. */
export async function scannerLinkLines(url: string): Promise<string[]> {
  return [
    await QRCode.toString(url, { type: 'terminal', small: true, errorCorrectionLevel: 'L' }),
    `Open ${url} on the phone at the door (or scan the QR above). Keep the link to yourself: it is the device's key.`,
  ];
}
