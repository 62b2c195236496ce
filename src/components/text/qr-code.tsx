// Drawn through qr-image.ts: one size and options, and the library loads with the screen, not at start-up.
import { useEffect, useState, type ReactElement } from 'react';
import { QR_SIZE, qrDataUrl } from './qr-image.ts';

/** The code's image as a data URL: null while it is drawn, for no text, or when it cannot be drawn. */
export function useQrDataUrl(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!text) return undefined;
    let live = true;
    qrDataUrl(text).then(
      (url) => live && setSrc(url),
      () => undefined, // no image: the text shown beside it still serves
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

export function QrCode({ text, label }: { text: string; label: string }): ReactElement {
  const src = useQrDataUrl(text);
  return (
    <span className="qr-code" style={{ width: QR_SIZE, height: QR_SIZE }}>
      {src ? <img src={src} width={QR_SIZE} height={QR_SIZE} alt={label} data-testid="qr-code" /> : null}
    </span>
  );
}
