import { EntityManager, IsolationLevel } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccountableAssets, AccountableAssetRecords } from '@estate/assets';
import { AccountParties, CaseAccountParties } from '@estate/case';
import { AccountDistribution, DistributionAccountReader } from '@estate/closing';
import { ProbateAccountRecords, ProbateAccountRecordsReader } from '@estate/court';
import { AccountUnclaimedProperty, UnclaimedPropertyAccountReader } from '@estate/discovery';
import { CaseStatementClosings } from '@estate/documents';
import { UnitOfWork } from '@estate/shared-kernel';
import type { CaptionSources } from '../domain/accounting-document';
import type { AccountingRecords } from '../domain/accounting-records';
import type { AccountingBond } from '../domain/accounting-report';
import { AccountingStore, SettledHead } from './ports/accounting-store.port';

/** Everything one computation reads of a case, in one state. */
export interface AccountingSnapshot {
  records: AccountingRecords;
  dateOfDeath: string | null;
  caption: CaptionSources;
  /** The probate case's state (the default scheme), `null` without a probate case. */
  probateState: string | null;
  /** The settled accountings, by sequence. */
  settled: SettledHead[];
  /** The executor's bond as recorded (the report's `bond`), `null` without an executor. */
  bond: AccountingBond | null;
}

/**
 * Reads a case's records for its court account (contract-extensions §16.1), each through a port of the context that
 * owns them, so every schedule sees one state: a read of its own runs in one `REPEATABLE READ`, read-only transaction;
 * a settlement reads inside its write, under the case lock (a repeatable-read snapshot could not start after that
 * lock, and every writer of these records but the transfer processor takes it; the processor's balances and legs are
 * held off by `holdAccounts`).
 */
@Injectable()
export class AccountingSources {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly assets: AccountableAssets,
    private readonly statements: CaseStatementClosings,
    private readonly probate: ProbateAccountRecordsReader,
    private readonly unclaimedProperty: UnclaimedPropertyAccountReader,
    private readonly distributions: DistributionAccountReader,
    private readonly parties: CaseAccountParties,
    private readonly store: AccountingStore,
  ) {}

  /** `work` runs on the snapshot inside the same transaction (a settlement writes there too). */
  read<T>(caseId: string, work: (snapshot: AccountingSnapshot) => Promise<T>): Promise<T> {
    if (this.uow.active) return this.snapshotOf(caseId, true).then(work);
    return this.em.transactional(async () => work(await this.snapshotOf(caseId, false)), { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  }

  private async snapshotOf(caseId: string, settling: boolean): Promise<AccountingSnapshot> {
    // Sequential on purpose: one transaction runs one statement at a time.
    const assets = await this.assets.ofCase(caseId, { holdAccounts: settling });
    const statements = await this.statements.ofCase(caseId);
    const probate = await this.probate.ofCase(caseId);
    const unclaimedProperty = await this.unclaimedProperty.ofCase(caseId);
    const distributions = await this.distributions.ofCase(caseId);
    const parties = await this.parties.partiesOf(caseId);
    const settled = await this.store.headsOf(caseId);
    return {
      records: recordsOf(assets, statements, probate, { unclaimedProperty, distributions }),
      dateOfDeath: parties.deceased?.dateOfDeath ?? null,
      caption: captionOf(probate, parties),
      probateState: probate.probateCase?.state ?? null,
      settled,
      bond: parties.executor?.bond ?? null,
    };
  }
}

/** What the closing and discovery contexts keep that an account reads. */
interface EstateRecords {
  unclaimedProperty: ReadonlyArray<AccountUnclaimedProperty>;
  distributions: ReadonlyArray<AccountDistribution>;
}

function recordsOf(assets: AccountableAssetRecords, statements: AccountingRecords['statements'], probate: ProbateAccountRecords, estate: EstateRecords): AccountingRecords {
  return {
    ...assets,
    statements,
    unclaimedProperty: estate.unclaimedProperty,
    distributions: estate.distributions,
    creditorClaims: probate.creditorClaims,
  };
}

function captionOf(probate: ProbateAccountRecords, parties: AccountParties): CaptionSources {
  return { probateCase: probate.probateCase, executor: parties.executor, deceased: parties.deceased };
}
