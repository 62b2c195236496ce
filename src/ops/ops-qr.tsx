// The second factor's key as a QR code for the authenticator app to scan (docs/back-office.md "Staff accounts"):
// drawn as the app draws its codes (qr-image.ts: the qrcode library, loaded only when a set-up is shown), a PNG data
// URL (the CSP allows data: images).
import { useEffect, useState, type ReactElement } from 'react';
import { QR_SIZE, qrDataUrl } from '../components/text/qr-image.ts';
import { OPS_TEXT } from './texts.ts';

export function OpsQr({ uri }: { uri: string }): ReactElement | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(uri).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null), // the key as text stays beside it
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className="ops-qr" src={src} alt={OPS_TEXT.setupQr} width={QR_SIZE} height={QR_SIZE} data-testid="totp-qr" />
  ) : null;
}
