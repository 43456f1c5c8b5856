import { Injectable } from '@nestjs/common';
import { AchEntry, AchNetwork } from '../../application/ports/ach-network.port';

/** The simulator's returns, by the last four digits of the source's full account number (contract §8). */
export const SIMULATED_RETURNS: Readonly<Record<string, string>> = { '0001': 'R01', '0002': 'R02', '0003': 'R03', '0015': 'R15', '0016': 'R16' };

/** What each simulated return code means, for the reference's list of test values. */
const RETURN_MEANINGS: Readonly<Record<string, string>> = {
  R01: 'insufficient funds',
  R02: 'account closed',
  R03: 'no account / unable to locate account',
  R15: 'beneficiary or account holder deceased',
  R16: 'account frozen',
};

/** The simulator's test values as the API reference lists them (a Markdown table), in the manner of test card numbers. */
export function simulatedAchTestValues(): string {
  const rows = Object.entries(SIMULATED_RETURNS).map(([ending, code]) => `| \`…${ending}\` | returned after settlement with \`${code}\` (${RETURN_MEANINGS[code] ?? 'return'}) |`);
  return ['| Source `account_number` ends in | Outcome |', '| --- | --- |', ...rows, '| anything else | settles |'].join('\n');
}

/**
 * The default ACH network adapter, in the manner of a payment API's test mode: it accepts every entry and settles
 * it, except source account numbers ending 0001/0002/0003/0015/0016, returned after settlement with R01/R02/R03/R15/R16.
 */
@Injectable()
export class SimulatedAchNetwork extends AchNetwork {
  originatorRoutingPrefix(): string {
    return '07100001';
  }

  async submit(_entry: AchEntry): Promise<void> {
    // Accepted: the simulator keeps no state of its own; the transfer row is the state.
  }

  async returnCodeOf(entry: AchEntry): Promise<string | null> {
    return SIMULATED_RETURNS[entry.sourceAccountNumber.slice(-4)] ?? null;
  }
}
