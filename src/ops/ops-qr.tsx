// A PNG data URL because the CSP allows data: images (docs/back-office.md "Staff accounts").
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
