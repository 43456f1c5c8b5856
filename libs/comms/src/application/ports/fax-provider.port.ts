import type { FaxFailureReason } from '../../domain/comms-vocabulary';

/** A provider's own failure reasons (`provider_unavailable` is ours: the provider could not be asked). */
export type ProviderFaxFailure = Exclude<FaxFailureReason, 'provider_unavailable'>;

export interface OutgoingFax {
  /** Our fax id: providers keep it as a reference (and a simulator derives its ids from it). */
  id: string;
  toNumber: string;
  fromNumber: string;
  /** The documents to send, in order; a real adapter reads their bytes through the documents context. */
  documentIds: readonly string[];
  coverPage: boolean;
  coverPageNote: string | null;
  /** Pages in all, the cover page included. */
  pages: number;
}

/** The provider's answer to `send`: it took the fax and is dialling, or it refused it before sending anything. */
export type FaxSubmission = { accepted: true; providerFaxId: string } | { accepted: false; failureReason: ProviderFaxFailure; providerFaxId: string | null };

export interface TrackedFax {
  id: string;
  providerFaxId: string;
  toNumber: string;
  pages: number;
}

/** The outcome of a fax being sent, once there is one. */
export type FaxOutcome =
  | { status: 'delivered'; pagesSent: number; confirmationNumber: string }
  | { status: 'failed'; failureReason: ProviderFaxFailure; pagesSent: number };

/**
 * The fax-provider port (contract-extensions §11.4). `send` hands a queued fax to the provider; `track` asks how a fax
 * being sent ended (null: not yet). No provider call runs inside an HTTP request: the transmission processor makes
 * both in the background. `FAX_PROVIDER` selects the adapter (`simulator` by default); an adapter that cannot reach its
 * provider throws, and the processor retries.
 */
export abstract class FaxProvider {
  abstract readonly name: string;
  abstract send(fax: OutgoingFax): Promise<FaxSubmission>;
  abstract track(fax: TrackedFax): Promise<FaxOutcome | null>;
}
