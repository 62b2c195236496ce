// The deposit address as a QR code at SPEC §9's 160 px (the qrcode library draws it to a data URL), with the
// address text and a copy button underneath.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Icon } from '../../components/icons.tsx';
import { toast } from '../../state/toasts.ts';

export const QR_SIZE = 160;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard permission (an insecure origin): the address stays selectable
  }
}

export function AddressQr({ address }: { address: string }): ReactElement {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    QRCode.toDataURL(address, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (live) setSrc(url);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [address]);
  const copy = async (): Promise<void> => {
    if (await copyText(address)) toast(t('common.copy_success'));
  };
  return (
    <div className="wl-address">
      <div className="wl-address__qr" style={{ width: QR_SIZE, height: QR_SIZE }}>
        {src ? <img src={src} width={QR_SIZE} height={QR_SIZE} alt={t('wallet.qr_alt')} data-testid="address-qr" /> : null}
      </div>
      <div className="wl-address__row">
        <span className="wl-address__text" data-testid="deposit-address">
          {address}
        </span>
        <button type="button" className="wl-copy" onClick={() => void copy()} aria-label={t('wallet.copy_address')} data-action="copy-address">
          <Icon name="copy-text" size={18} />
        </button>
      </div>
    </div>
  );
}
