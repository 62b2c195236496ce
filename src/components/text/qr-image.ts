// The app's QR codes, one size and one set of options (docs/contract.md §9: 160 px): a text drawn by the qrcode
// library into a PNG data URL. The library is loaded with the first screen that shows a code, never at start-up;
// QrCode (qr-code.tsx) and the invite page both draw through here.

export const QR_SIZE = 160;

const QR_OPTIONS = { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' } as const;

/** The code of `text` as a PNG data URL (rejects when the library cannot be loaded or the text does not fit). */
export async function qrDataUrl(text: string): Promise<string> {
  const qr = await import('qrcode');
  return qr.toDataURL(text, QR_OPTIONS);
}
