import type { EmailStatus } from '../../domain/comms-vocabulary';

export interface OutgoingEmail {
  /** Our email id: providers keep it as a reference (and a simulator derives its message id from it). */
  id: string;
  to: string;
  from: string;
  subject: string;
  body: string;
}

/** What the provider said about a message: a new status, or nothing new yet (`null` from `track`). */
export interface DeliveryReport {
  status: Exclude<EmailStatus, 'queued'>;
  /** The provider's words on a failure or bounce (`mailbox_unavailable`), else null. */
  detail: string | null;
  /** True when the provider will report nothing more on this message (a delivered mail whose opens are not tracked). */
  final?: boolean;
}

export interface AcceptedEmail extends DeliveryReport {
  messageId: string | null;
}

export interface TrackedEmail {
  messageId: string;
  to: string;
  status: EmailStatus;
}

/**
 * The email-provider port (contract-extensions §11.4). `send` hands a queued message to the provider; `track` asks
 * what happened to an accepted one since its current status. No provider call runs inside an HTTP request: the
 * delivery processor makes both calls in the background. `EMAIL_PROVIDER` selects the adapter (`simulator` by
 * default); an adapter that cannot reach its provider throws, and the processor retries.
 */
export abstract class EmailProvider {
  /** The receipt's `provider` field. */
  abstract readonly name: string;
  abstract send(message: OutgoingEmail): Promise<AcceptedEmail>;
  abstract track(message: TrackedEmail): Promise<DeliveryReport | null>;
}
