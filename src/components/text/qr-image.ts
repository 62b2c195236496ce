// One size for every QR code (docs/contract.md §9: 160 px); the library loads with the first screen showing one.

export const QR_SIZE = 160;

const QR_OPTIONS = { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' } as const;

/** Rejects when the library cannot be loaded or the text does not fit. */
export async function qrDataUrl(text: string): Promise<string> {
  const qr = await import('qrcode');
  return qr.toDataURL(text, QR_OPTIONS);
}
