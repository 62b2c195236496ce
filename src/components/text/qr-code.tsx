// A QR code of a text (a deposit address, an invite link), drawn by the qrcode library into a PNG data URL at the
// size docs/contract.md §9 asks for (160 px). The library is loaded with the screen that shows a code, not at start-up.
import { useEffect, useState, type ReactElement } from 'react';

export const QR_SIZE = 160;

export function QrCode({ text, label }: { text: string; label: string }): ReactElement {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => {
          if (live) setSrc(url);
        },
        () => undefined, // no code: the address text and the copy button still work
      );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <span className="qr-code" style={{ width: QR_SIZE, height: QR_SIZE }}>
      {src ? <img src={src} width={QR_SIZE} height={QR_SIZE} alt={label} data-testid="qr-code" /> : null}
    </span>
  );
}
