// A gateway's error text is kept and shown, so it must never carry the body (see safeError).

export interface OutgoingEmail {
  /** Stable per queued message, so a redelivery after a crash carries the same Message-ID. */
  ref: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingSms {
  ref: string;
  to: string;
  text: string;
}

export interface Delivered {
  providerId: string | null;
}

export interface Gateway<M> {
  /** Kept on the row and shown to the operator. */
  readonly name: string;
  deliver(message: M): Promise<Delivered>;
  close?(): void;
}

/** `permanent`: trying again cannot help (a number the provider refuses), so the row fails at once. */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent = false) {
    super(message);
    this.permanent = permanent;
    this.name = 'DeliveryError';
  }
}

const MAX_ERROR = 300;

/** A provider that echoes what it was sent must not put a code into the operator's view or the log. */
export function safeError(err: unknown, secrets: readonly string[]): string {
  let text = err instanceof Error ? err.message : String(err);
  for (const s of secrets) if (s.length >= 4) text = text.split(s).join('…');
  // A code in another shape is masked too; the numbers that matter (HTTP, SMTP, Twilio codes) are shorter.
  text = text.replace(/\d{6,}/g, '…');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text;
}
