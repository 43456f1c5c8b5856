import { Module, OnModuleInit } from '@nestjs/common';
import { assetKindDeclaration, AssetsModule, CLOSABLE_ASSET_KINDS, institutionContactResource } from '@estate/assets';
import { CaseModule } from '@estate/case';
import { CourtModule } from '@estate/court';
import { CaseResourceModule, RecordDeletionVetoes, registerErrorCodes } from '@estate/shared-kernel';
import { CLOSING_PARTS } from './closing.parts';
import { AddClosureStep } from './application/add-closure-step.service';
import { CancelClosureRequest } from './application/cancel-closure-request.service';
import { ClosureDeposits } from './application/closure-deposits';
import { ClosurePlanWrites } from './application/closure-plan-writes';
import { ClosurePlanEvents } from './application/closure-plans';
import { ClosureRequestProgress } from './application/closure-request-progress';
import { ClosureRequestWrites } from './application/closure-request-writes';
import { DistributionMoves } from './application/distributions/distribution-moves.service';
import { DistributionReferences } from './application/distributions/distribution-references';
import { EstateHoldingsCheck } from './application/distributions/estate-holdings';
import { PlanDistribution } from './application/distributions/plan-distribution.service';
import { ReviseDistribution } from './application/distributions/revise-distribution.service';
import { ClosureTransferOutcomes } from './application/ports/closure-transfer-outcomes.port';
import { AnsweredClosureTransfers, ClosureTransfers } from './application/ports/closure-transfers.port';
import { DistributionAccountReader } from './application/ports/distribution-account-records.port';
import { DistributionCommitments } from './application/ports/distribution-commitments.port';
import { SubTaskContacts } from './application/ports/sub-task-contacts.port';
import { RemoveClosureStep } from './application/remove-closure-step.service';
import { RequestClosure } from './application/request-closure.service';
import { ReviseClosureRequest } from './application/revise-closure-request.service';
import { ReviseClosureStep } from './application/revise-closure-step.service';
import { ReviseSubTask } from './application/revise-sub-task.service';
import { ContactSubTaskReferences } from './infrastructure/persistence/contact-sub-task-references';
import { OrmDistributionAccountRecords } from './infrastructure/persistence/orm-distribution-account-records';
import { OrmDistributionCommitments } from './infrastructure/persistence/orm-distribution-commitments';
import { closureRequestResource } from './resources/closure-request.resource';
import { closureStepResource } from './resources/closure-step.resource';
import { distributionResource } from './resources/distribution.resource';

registerErrorCodes({
  distribution_not_allowed: { status: 422, explanation: 'The estate cannot give the distribution now; `details` say why, one item per reason, with the amount available.' },
  closure_request_exists: {
    status: 409,
    explanation: 'The account already has a closure request that is `requested` or `in_progress`; cancel it (`POST …/closure/requests/{request_id}/cancel`) or let it complete first.',
  },
});

/**
 * The closing context: closing the estate's accounts (closure steps and their sub-tasks, closure requests that run
 * them) and giving out what remains (distributions: planned, revised, approved and paid against what the estate holds
 * and the creditor claims the court keeps).
 */
@Module({
  imports: [CaseModule, AssetsModule, CourtModule, CaseResourceModule.forResources([closureStepResource, closureRequestResource, distributionResource])],
  controllers: CLOSING_PARTS.controllers,
  providers: [
    ClosurePlanWrites,
    AddClosureStep,
    ReviseClosureStep,
    ReviseSubTask,
    RemoveClosureStep,
    ClosurePlanEvents,
    ClosureRequestProgress,
    ClosureRequestWrites,
    RequestClosure,
    ReviseClosureRequest,
    CancelClosureRequest,
    { provide: ClosureTransfers, useClass: AnsweredClosureTransfers },
    { provide: ClosureTransferOutcomes, useClass: ClosureDeposits },
    { provide: SubTaskContacts, useClass: ContactSubTaskReferences },
    PlanDistribution,
    ReviseDistribution,
    DistributionMoves,
    DistributionReferences,
    EstateHoldingsCheck,
    { provide: DistributionCommitments, useClass: OrmDistributionCommitments },
    { provide: DistributionAccountReader, useClass: OrmDistributionAccountRecords },
  ],
  // The transfers context answers ClosureTransfers and tells ClosureTransferOutcomes (contract-extensions §15.1); the
  // court accounting reads the distributions (§16).
  exports: [ClosureTransfers, ClosureTransferOutcomes, DistributionAccountReader],
})
export class ClosingModule implements OnModuleInit {
  constructor(
    private readonly contacts: SubTaskContacts,
    private readonly vetoes: RecordDeletionVetoes,
    private readonly closureRequests: ClosureRequestProgress,
  ) {}

  onModuleInit(): void {
    // Deleting an institution contact releases the sub-tasks that name it, in the deletion's transaction: the
    // kernel releases declared references of top-level fields, and sub-tasks are items of a step. The deletion hook
    // of the kernel is its veto registry; this "veto" never refuses.
    this.vetoes.register(institutionContactResource, (record) => this.contacts.release(record.caseId, record.id));
    // Nor can the account of an open closure request be deleted (409 invalid_state naming the request, §15.1).
    for (const kind of CLOSABLE_ASSET_KINDS) {
      this.vetoes.register(assetKindDeclaration(kind), (record) => this.closureRequests.accountLeaving(record.caseId, record.id));
    }
  }
}
