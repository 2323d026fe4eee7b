import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A ticket's QR code, drawn in the browser from its payload (the same code the PDF and the passes carry). */
export function TicketQr({ payload, label }: { payload: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'Q', margin: 1, width: 176 }).then((url) => live && setSrc(url), () => undefined);
    return () => {
      live = false;
    };
  }, [payload]);
  return src ? <img src={src} alt={label} width={176} height={176} /> : null;
}
