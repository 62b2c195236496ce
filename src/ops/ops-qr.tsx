// The second factor's key as a QR code for the authenticator app to scan (docs/back-office.md "Staff accounts"):
// drawn by the qrcode library, loaded only when a set-up is shown, into a PNG data URL (the CSP allows data: images).
import { useEffect, useState, type ReactElement } from 'react';
import { OPS_TEXT } from './texts.ts';

const QR_OPTIONS = { width: 200, margin: 2, errorCorrectionLevel: 'M' } as const;

export function OpsQr({ uri }: { uri: string }): ReactElement | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(uri, QR_OPTIONS))
      .then(
        (url) => live && setSrc(url),
        () => live && setSrc(null), // the key as text stays beside it
      );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className="ops-qr" src={src} alt={OPS_TEXT.setupQr} width={200} height={200} data-testid="totp-qr" />
  ) : null;
}
