import type { Readable } from 'node:stream';
import type { NotarizationProgress } from '../domain/notarization';
import type { NotarialActType, NotarizationStatus } from '../domain/notarization-vocabulary';

export interface NotarySigner {
  name: string;
  email: string;
  phone: string | null;
}

/** A notarization as the provider is told of it. */
export interface NotarizationOrder {
  /** Our notarization id: the provider keeps it as its reference (a real adapter sends it as its idempotency key). */
  id: string;
  title: string;
  actType: NotarialActType;
  signers: readonly NotarySigner[];
  /** When the notarization was created (the simulator's test mode counts its `expire` outcome from it). */
  createdAt: Date;
  /** When the transaction lapses if it is not completed (`expires_at`). */
  expiresAt: Date;
  /** The state whose commission the notary should hold: the probate case's, or null when the case has none. */
  commissionState: string | null;
  /** Opens the PDF to notarize (read only by an adapter that uploads it). */
  document: () => Promise<Readable>;
}

/** The provider accepted the transaction and invited the signers. */
export interface OpenedNotarization {
  /** The provider's reference of the transaction. */
  transactionId: string;
  /** Where the signers join the session (contract-extensions §11.6 `session_url`). */
  sessionUrl: string;
  /** The provider expects nothing before this time: it is asked again then, not sooner. */
  quietUntil?: Date | null;
  /** The provider lapses the transaction earlier than `expiresAt`, at this time (the simulator's `expire` outcome). */
  expiresAt?: Date | null;
}

/** A transaction the provider accepted, as tracked. */
export interface TrackedNotarization extends Omit<NotarizationOrder, 'document'> {
  transactionId: string;
  /** The status the notarization has now (the provider reports what changed since). */
  status: NotarizationStatus;
}

/**
 * The notary port (contract-extensions §11.4): a remote online notarization provider. `open` hands it a notarization
 * (the signers are invited), `track` asks what changed since the notarization's status (null: nothing yet), and
 * `notarizedDocument` fetches the notarized PDF of a completed one. No provider call runs inside an HTTP request: the
 * notarization's steps make them in the background. `NOTARY_PROVIDER` selects the adapter (`simulator` by default);
 * an adapter that cannot reach its provider throws, and the step tries again later.
 */
export abstract class NotaryProvider {
  abstract readonly name: string;
  abstract open(order: NotarizationOrder): Promise<OpenedNotarization>;
  abstract track(notarization: TrackedNotarization): Promise<NotarizationProgress | null>;
  abstract notarizedDocument(notarization: { id: string; transactionId: string; original: () => Promise<Readable> }): Promise<Readable>;
}
