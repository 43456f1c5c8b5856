import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '@estate/shared-kernel';
import { AchAcceptance, AchEntry, AchNetwork, AchReturnNotice } from '../../application/ports/ach-network.port';
import { expectedSettlementDate, nextBankingDay, newYorkStartOf } from '../../domain/banking-days';
import { AchSimulatorSettings } from './ach-simulator-settings';

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
 * From when the simulator reports the return `code` of an entry it accepted at `acceptedAt`: `returnDelayMs` later;
 * with realistic timing, an R01 no earlier than the banking day after the expected settlement (New York midnight).
 */
export function simulatedReturnReportedAt(code: string, acceptedAt: Date, settings: AchSimulatorSettings): Date {
  const afterDelay = new Date(acceptedAt.getTime() + settings.returnDelayMs);
  if (!settings.realisticTiming || code !== 'R01') return afterDelay;
  const laterBankingDay = newYorkStartOf(nextBankingDay(expectedSettlementDate(acceptedAt)));
  return laterBankingDay > afterDelay ? laterBankingDay : afterDelay;
}

/**
 * The default ACH network adapter, in the manner of a payment API's test mode: it accepts every entry and settles
 * it, except source account numbers ending 0001/0002/0003/0015/0016, returned after settlement with R01/R02/R03/R15/R16.
 *
 * Like a real network it remembers what it accepted, keyed by the transfer's id (the idempotency key), in a table of
 * its own (`ach_simulator_entries`) so that the memory outlives a killed process: a repeated submission is answered
 * with the first acceptance and its trace number, never a second debit. It reports each return from a moment on
 * (`simulatedReturnReportedAt`): `returnDelayMs` after acceptance, R01 included, so a test sees every outcome promptly
 * (contract §8, test mode); with realistic timing on, R01 (insufficient funds) no earlier than the banking day after
 * the expected settlement, as a return late in its window arrives. Time is the service's clock, so tests move it
 * instead of waiting.
 * Every statement commits on its own, outside any transaction of the service: the network is another system.
 */
@Injectable()
export class SimulatedAchNetwork extends AchNetwork {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: AchSimulatorSettings,
  ) {
    super();
  }

  originatorRoutingPrefix(): string {
    return '07100001';
  }

  async submit(entry: AchEntry): Promise<AchAcceptance> {
    await this.travel();
    const acceptedAt = this.clock.now();
    const code = SIMULATED_RETURNS[entry.sourceAccountNumber.slice(-4)] ?? null;
    const rows = await this.em.getConnection().execute<Array<{ trace_number: string }>>(
      `insert into ach_simulator_entries (transfer_id, trace_number, amount, accepted_at, return_code, return_reported_after)
       values (?, ?, ?, ?, ?, ?)
       on conflict (transfer_id) do update set submissions = ach_simulator_entries.submissions + 1
       returning trace_number`,
      [entry.transferId, entry.traceNumber, entry.amount, acceptedAt, code, code === null ? null : simulatedReturnReportedAt(code, acceptedAt, this.settings)],
    );
    await this.travel();
    return { traceNumber: rows[0].trace_number };
  }

  async reportedReturns(limit: number): Promise<AchReturnNotice[]> {
    await this.travel();
    const rows = await this.em.getConnection().execute<Array<{ transfer_id: string; trace_number: string; return_code: string }>>(
      `select transfer_id, trace_number, return_code from ach_simulator_entries
        where return_code is not null and return_acknowledged_at is null and return_reported_after <= ?
        order by return_reported_after, transfer_id limit ?`,
      [this.clock.now(), limit],
    );
    return rows.map((row) => ({ transferId: row.transfer_id, traceNumber: row.trace_number, returnCode: row.return_code }));
  }

  async acknowledgeReturn(transferId: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(`update ach_simulator_entries set return_acknowledged_at = ? where transfer_id = ? and return_acknowledged_at is null`, [this.clock.now(), transferId]);
  }

  /** Every return comes within the delay, unless timed as a real network's (then the banking-day window holds). */
  returnWindowMs(): number | null {
    return this.settings.realisticTiming ? null : this.settings.returnDelayMs;
  }

  async announcedReturnAt(transferId: string): Promise<Date | null> {
    await this.travel();
    const rows = await this.em.getConnection().execute<Array<{ at: Date }>>(
      `select return_reported_after as at from ach_simulator_entries where transfer_id = ? and return_code is not null and return_acknowledged_at is null`,
      [transferId],
    );
    return rows[0] ? new Date(rows[0].at) : null;
  }

  /** The network's latency, one way. */
  private async travel(): Promise<void> {
    if (this.settings.latencyMs > 0) await new Promise((arrived) => setTimeout(arrived, this.settings.latencyMs));
  }
}
