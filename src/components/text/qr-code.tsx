// Drawn through qr-image.ts: one size and options, and the library loads with the screen, not at start-up.
import { useMemo, type ReactElement } from 'react';
import { useLoaded } from '../lists/loaded.tsx';
import { QR_SIZE, qrDataUrl } from './qr-image.ts';

/** The code's image as a data URL: null while it is drawn, for no text, or when it cannot be drawn. */
export function useQrDataUrl(text: string): string | null {
  // No image: the text shown beside it still serves.
  return useLoaded(useMemo(() => (text ? () => qrDataUrl(text) : null), [text])).data;
}

export function QrCode({ text, label }: { text: string; label: string }): ReactElement {
  const src = useQrDataUrl(text);
  return (
    <span className="qr-code" style={{ width: QR_SIZE, height: QR_SIZE }}>
      {src ? <img src={src} width={QR_SIZE} height={QR_SIZE} alt={label} data-testid="qr-code" /> : null}
    </span>
  );
}
