import { Injectable } from '@nestjs/common';
import { AchEntry, AchNetwork } from '../../application/ports/ach-network.port';

/** The simulator's returns, by the last four digits of the source's full account number (contract §8). */
export const SIMULATED_RETURNS: Readonly<Record<string, string>> = { '0001': 'R01', '0002': 'R02', '0003': 'R03', '0015': 'R15', '0016': 'R16' };

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
