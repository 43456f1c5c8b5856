import { Readable } from 'node:stream';
import { NotarizationOrder, NotaryProvider, OpenedNotarization, TrackedNotarization } from '../../application/notary-provider.port';
import type { NotarizationProgress, NotaryFacts } from '../../domain/notarization';
import type { SignerStatus } from '../../domain/notarization-vocabulary';

/** The simulator's sessions live on a host that cannot exist (RFC 2606 `.invalid`): nobody can open one. */
export const SIMULATED_SESSION_HOST = 'notary.simulator.invalid';
/** The commission state of the simulated notary when the case has no probate case. */
export const DEFAULT_COMMISSION_STATE = 'UT';
/** How the simulated signers' identities are proven: knowledge-based questions and credential analysis. */
export const SIMULATED_IDENTITY_METHOD = 'kba_and_credential_analysis';

/** The first signer's local part before any `+`, lower-cased: `Decline+1@example.com` → `decline`. */
export function simulatedNotaryKey(signers: ReadonlyArray<{ email: string }>): string {
  return (signers[0]?.email ?? '').split('@')[0].split('+')[0].toLowerCase();
}

/** The first signer's local parts the simulator answers specially, with the statuses a notarization goes through. */
export const SIMULATED_NOTARY_OUTCOMES: Readonly<Record<string, string>> = {
  decline: '`declined` from `pending_signers` (the first signer declined)',
  fail: '`failed` from `pending_signers` (the first signer failed identity proofing: `identity_verification_failed`)',
  expire: '`expired` one step delay (`PROVIDER_STEP_DELAY_MS`) after creation: the signers never act, and `expires_at` becomes that moment',
};

/** The simulator's test values as the API reference lists them (a Markdown table). */
export function simulatedNotaryTestValues(): string {
  const rows = Object.entries(SIMULATED_NOTARY_OUTCOMES).map(([local, outcome]) => `| \`${local}@…\` (also \`${local}+anything@…\`) | ${outcome} |`);
  return [
    "| First signer's address | Outcome |",
    '| --- | --- |',
    ...rows,
    '| anything else | `pending_notary`, `in_session`, then `completed`: notary `Simulated Notary`, commission `SIM-0001` in the probate case’s state (`UT` without one); the notarized PDF is the original followed by the line `% simulated notarization {id}` |',
  ].join('\n');
}

/** The line the simulator appends to the original PDF (a PDF comment: readers ignore it). */
export function simulatedNotarizationLine(id: string): string {
  return `% simulated notarization ${id}\n`;
}

const all = (count: number, status: SignerStatus): SignerStatus[] => Array.from({ length: count }, () => status);

/**
 * The default notary provider: a simulator in the manner of a payment API's test mode (contract-extensions §11.4).
 * It opens no connection and keeps no state: the outcome depends on the first signer's address alone (`decline`,
 * `fail`, `expire`, anything else completes), so any process may take the next step of a notarization another one
 * opened. The session URL is `https://notary.simulator.invalid/sessions/{id}`, on a host that cannot resolve.
 *
 * Test mode drives every outcome promptly (§11.4, amended 2026-12-01): a real provider's 7 days cannot be waited for,
 * so an `expire` notarization lapses one step delay after its creation — the simulator sets its `expires_at` to that
 * moment when it opens the transaction, and the step that opens it expires it.
 */
export class SimulatedNotaryProvider extends NotaryProvider {
  readonly name = 'simulator';

  /** `stepDelayMs`: `PROVIDER_STEP_DELAY_MS`, the pause before each step (1000 by default, 0 in tests). */
  constructor(private readonly stepDelayMs = 1000) {
    super();
  }

  async open(order: NotarizationOrder): Promise<OpenedNotarization> {
    const expiresAt = simulatedNotaryKey(order.signers) === 'expire' ? new Date(order.createdAt.getTime() + this.stepDelayMs) : null;
    return { transactionId: `SIMNOT-${order.id}`, sessionUrl: `https://${SIMULATED_SESSION_HOST}/sessions/${order.id.toLowerCase()}`, quietUntil: null, expiresAt };
  }

  async track(notarization: TrackedNotarization): Promise<NotarizationProgress | null> {
    const key = simulatedNotaryKey(notarization.signers);
    const count = notarization.signers.length;
    switch (notarization.status) {
      case 'pending_signers':
        if (key === 'decline') return { status: 'declined', signers: ['declined', ...all(count - 1, 'invited')] };
        if (key === 'fail') return { status: 'failed', signers: ['failed', ...all(count - 1, 'invited')], failureReason: 'identity_verification_failed' };
        if (key === 'expire') return { status: 'pending_signers', signers: all(count, 'invited'), quietUntil: notarization.expiresAt };
        return { status: 'pending_notary', signers: all(count, 'identity_verified') };
      case 'pending_notary':
        return { status: 'in_session', signers: all(count, 'identity_verified'), notary: this.notaryFor(notarization) };
      case 'in_session':
        return { status: 'completed', signers: all(count, 'signed'), identityMethod: SIMULATED_IDENTITY_METHOD };
      default:
        return null;
    }
  }

  async notarizedDocument(notarization: { id: string; original: () => Promise<Readable> }): Promise<Readable> {
    const original = await notarization.original();
    const line = simulatedNotarizationLine(notarization.id);
    return Readable.from(
      (async function* () {
        let last = 0x0a;
        for await (const chunk of original) {
          const bytes = chunk as Buffer;
          if (bytes.length > 0) last = bytes[bytes.length - 1];
          yield bytes;
        }
        // The line starts a line of its own.
        yield Buffer.from(last === 0x0a ? line : `\n${line}`, 'latin1');
      })(),
      { objectMode: false },
    );
  }

  /** The simulated notary, commissioned in the requested state until the end of the fourth year after the expiry. */
  private notaryFor(notarization: TrackedNotarization): NotaryFacts {
    return {
      name: 'Simulated Notary',
      commission_state: notarization.commissionState ?? DEFAULT_COMMISSION_STATE,
      commission_number: 'SIM-0001',
      commission_expires_on: `${notarization.expiresAt.getUTCFullYear() + 4}-12-31`,
    };
  }
}

/**
 * `NOTARY_PROVIDER` selects the notary adapter; `simulator` (the default, the only one shipped) notarizes nothing real,
 * its `expire` outcome one step delay (`stepDelayMs`, `PROVIDER_STEP_DELAY_MS`) after creation.
 */
export function notaryProviderFor(env: NodeJS.ProcessEnv, stepDelayMs?: number): NotaryProvider {
  const name = (env.NOTARY_PROVIDER || 'simulator').toLowerCase();
  if (name !== 'simulator') throw new Error(`NOTARY_PROVIDER "${env.NOTARY_PROVIDER}" is not available in this build (available: simulator)`);
  return new SimulatedNotaryProvider(stepDelayMs);
}
