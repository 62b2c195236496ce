// What a delivery gateway is (docs/notifications.md "Providers"): it takes one rendered message and hands it to a
// provider (an SMTP server, Kannel, Twilio, the outbox table), answering the provider's id, or throwing a
// DeliveryError whose text is safe to keep and show (never the body: see safeError).

export interface OutgoingEmail {
  /** Stable per queued message: the Message-ID's local part, so a redelivery after a crash carries the same id. */
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
  /** The provider's id of the accepted message (SMTP queue id or Message-ID, Twilio's sid), when it gave one. */
  providerId: string | null;
}

export interface Gateway<M> {
  /** outbox | smtp | kannel | twilio: kept on the row and shown to the operator. */
  readonly name: string;
  deliver(message: M): Promise<Delivered>;
  close?(): void;
}

/** A failed delivery. `permanent`: trying again cannot help (a number the provider refuses); the row fails at once. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

const MAX_ERROR = 300;

/**
 * The error text a row keeps: the gateway's words with every secret taken out. `secrets` are the message's values
 * and body; a provider that echoes what it was sent cannot put a code into the operator's view or the log.
 */
export function safeError(err: unknown, secrets: readonly string[]): string {
  let text = err instanceof Error ? err.message : String(err);
  for (const s of secrets) if (s.length >= 4) text = text.split(s).join('…');
  // Any run of 6+ digits left (a code's length, in another shape) is masked as well; the numbers that matter (HTTP
  // and SMTP status, Twilio's 5-digit error codes) are shorter.
  text = text.replace(/\d{6,}/g, '…');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text;
}
