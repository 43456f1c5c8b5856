import { FaxOutcome, FaxProvider, FaxSubmission, OutgoingFax, ProviderFaxFailure, TrackedFax } from '../../application/ports/fax-provider.port';

/** How many sent faxes the simulator keeps in memory (the faxes themselves are in the database). */
const RECORDED = 500;

/** The numbers' last four digits the simulator answers specially, with the outcome (contract-extensions §11.4). */
const SIMULATED_FAILURES: Readonly<Record<string, { reason: ProviderFaxFailure; outcome: string }>> = {
  '0000': { reason: 'busy', outcome: '`sending`, then `failed` (`busy`), no page sent' },
  '0001': { reason: 'no_answer', outcome: '`sending`, then `failed` (`no_answer`), no page sent' },
  '0002': { reason: 'invalid_number', outcome: '`failed` (`invalid_number`) straight from `queued`' },
  '0003': { reason: 'transmission_error', outcome: '`sending`, then `failed` (`transmission_error`) with `pages_sent` = `pages` − 1' },
};

/** The simulator's test values as the API reference lists them (a Markdown table). */
export function simulatedFaxTestValues(): string {
  const rows = Object.entries(SIMULATED_FAILURES).map(([ending, { outcome }]) => `| \`…${ending}\` | ${outcome} |`);
  return ['| `to_number` ending | Outcome |', '| --- | --- |', ...rows, '| anything else | `sending`, then `delivered`: every page sent, `confirmation_number` `SIMFAX-{id}` |'].join('\n');
}

/**
 * The default fax provider: a simulator in the manner of a payment API's test mode (contract-extensions §11.4). The
 * outcome depends on the last four digits of `to_number` alone: `0000` busy, `0001` no answer, `0002` an invalid number
 * refused before sending, `0003` a transmission error after all pages but one; any other number is delivered in full
 * with confirmation `SIMFAX-{id}`. It records each fax it takes and opens no connection; its ids derive from the fax's,
 * so any process may take the next step of a fax another one sent.
 */
export class SimulatedFaxProvider extends FaxProvider {
  readonly name = 'simulator';
  private readonly recorded: OutgoingFax[] = [];

  async send(fax: OutgoingFax): Promise<FaxSubmission> {
    this.record(fax);
    const providerFaxId = `simfax_${fax.id.toLowerCase()}`;
    const failure = SIMULATED_FAILURES[fax.toNumber.slice(-4)];
    if (failure?.reason === 'invalid_number') return { accepted: false, failureReason: failure.reason, providerFaxId };
    return { accepted: true, providerFaxId };
  }

  async track(fax: TrackedFax): Promise<FaxOutcome> {
    const failure = SIMULATED_FAILURES[fax.toNumber.slice(-4)];
    if (!failure) return { status: 'delivered', pagesSent: fax.pages, confirmationNumber: `SIMFAX-${fax.id}` };
    return { status: 'failed', failureReason: failure.reason, pagesSent: failure.reason === 'transmission_error' ? fax.pages - 1 : 0 };
  }

  /** The faxes this process handed to the simulator, oldest first (tests look at them). */
  sent(): readonly OutgoingFax[] {
    return this.recorded;
  }

  private record(fax: OutgoingFax): void {
    this.recorded.push(fax);
    if (this.recorded.length > RECORDED) this.recorded.shift();
  }
}
