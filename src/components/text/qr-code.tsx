// Drawn through qr-image.ts: one size and options, and the library loads with the screen, not at start-up.
import { useEffect, useState, type ReactElement } from 'react';
import { QR_SIZE, qrDataUrl } from './qr-image.ts';

export function QrCode({ text, label }: { text: string; label: string }): ReactElement {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    qrDataUrl(text).then(
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
