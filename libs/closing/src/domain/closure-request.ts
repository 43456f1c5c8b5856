import { assetKindName } from '@estate/assets';
import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ConflictError, ErrorDetail } from '@estate/shared-kernel/domain';
import type { ClosureStep } from './closure-step';
import {
  ClosureAccountType,
  ClosureMethod,
  ClosureRequestStatus,
  ClosureRequestStepType,
  OPEN_CLOSURE_REQUEST_STATUSES,
} from './closure-vocabulary';

/** The account a closure request closes, as the request reads it (contract-extensions §15.1). */
export interface ClosableAccountFacts {
  kind: ClosureAccountType;
  id: string;
  institutionName: string;
  /** The last four characters of its account (or policy) number; null when none is on record. */
  lastFour: string | null;
  isEstateAccount: boolean;
  closed: boolean;
  /** Bank and financial accounts: the request moves their status (`pending_closure`, `closed`). */
  statusTracked: boolean;
  status: string | null;
}

/** A create body of `POST …/closure/requests`. */
export interface ClosureRequestBody {
  account_type: ClosureAccountType;
  account_id: string;
  method?: ClosureMethod | null;
  notes?: string | null;
}


/** Titles keep to the 200 characters of a step's `title`: the institution's name gives way. */
const MAX_INSTITUTION_IN_TITLE = 100;

function shortened(name: string): string {
  return name.length <= MAX_INSTITUTION_IN_TITLE ? name : `${name.slice(0, MAX_INSTITUTION_IN_TITLE - 1)}…`;
}

/** One of the steps of an automated closure as the create body of a closure step (its JSON fields). */
export interface ClosureRequestStepBody {
  step_type: ClosureRequestStepType;
  title: string;
  description?: string;
  sub_tasks?: Array<{ title: string }>;
  order: number;
}

/**
 * §15.1: the five steps of an automated closure, in order, each titled with the institution and the account's last
 * four digits (`depends_on` is set as the steps are added: each needs the one before). Sub-tasks: the death
 * notification and the institution's reference; one per document sent (death certificate, letters or small-estate
 * affidavit, the executor's ID); the institution's forms flagged for signature.
 */
export function closureStepsFor(account: ClosableAccountFacts, method: ClosureMethod): ClosureRequestStepBody[] {
  const institution = shortened(account.institutionName);
  const where = `${institution} (account ${account.lastFour ? `ending ${account.lastFour}` : 'without a number on record'})`;
  const task = (title: string) => ({ title });
  return [
    {
      step_type: 'notify_institution',
      title: `Notify ${where} of the death`,
      sub_tasks: [task(`Send the death notification to ${institution}`), task(`Record the reference ${institution} gives the closure`)],
    },
    {
      step_type: 'submit_documentation',
      title: `Send the documentation to ${where}`,
      sub_tasks: [task('Send the death certificate'), task('Send the letters (or the small-estate affidavit)'), task("Send the executor's ID")],
    },
    {
      step_type: 'collect_signatures',
      title: `Collect the signatures ${where} asks for`,
      sub_tasks: [task(`Sign the forms ${institution} requires`)],
    },
    { step_type: 'follow_up', title: `Follow up with ${where}` },
    {
      step_type: 'deposit_proceeds',
      title: `Deposit the proceeds of ${where} into the estate account`,
      description:
        method === 'instant_transfer'
          ? 'By the instant transfer the request made: completed when it settles, blocked with its return code or rejection reason if it does not.'
          : "Into the case's estate account, once the institution pays out.",
    },
  ].map((step, index) => ({ ...step, order: index + 1 })) as ClosureRequestStepBody[];
}

/** Whether work on a step has begun: a status written other than `not_started`, a sub-task done, or the service's hold. */
export function stepStarted(step: ClosureStep): boolean {
  return step.setStatus !== 'not_started' || step.subTasks.some((task) => task.completed) || step.heldReason !== null;
}

/** What following the closure plan did to a request. */
export type ClosureRequestMove = 'started' | 'completed' | null;

/**
 * A request to close an account through automated closure (contract-extensions §15.1): the five closure steps it made,
 * the §8 transfer of an `instant_transfer` request, and a status derived from the steps — `requested` until one of
 * them starts, then `in_progress`, `completed` once every one reads `completed` or `skipped` — or `cancelled` by its
 * cancel route. `completed` and `cancelled` are final. It names every field of its declaration: `open` writes each.
 */
export class ClosureRequest implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  accountType: ClosureAccountType;
  accountId: string;
  institutionName: string;
  method: ClosureMethod;
  status: ClosureRequestStatus;
  stepIds: string[];
  transferId: string | null;
  requestedBy: string;
  completedAt: Date | null;
  cancelledAt: Date | null;
  notes: string | null;
  /** The account's status before the request moved it to `pending_closure` (null: not moved); restored on cancel. */
  formerAccountStatus: string | null;

  /**
   * §15.1's refusals of the account (`422`, one detail each): it must be a record of its kind in the case, not the
   * estate account, not already closed; `instant_transfer` closes bank accounts only.
   */
  static refusals(body: ClosureRequestBody, account: ClosableAccountFacts | null): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const kind = assetKindName(body.account_type);
    if (body.method === 'instant_transfer' && body.account_type !== 'bank_account') {
      problems.push({ field: 'method', message: `instant_transfer closes bank accounts only; a ${kind} is closed by the standard method`, reason: 'rule' });
    }
    if (account === null) problems.push({ field: 'account_id', message: `account_id must name a ${kind} of this case`, reason: 'rule' });
    else if (account.isEstateAccount) {
      problems.push({ field: 'account_id', message: 'account_id names the estate account, where the proceeds of closures are deposited; it cannot be closed this way', reason: 'rule' });
    } else if (account.closed) problems.push({ field: 'account_id', message: `the ${kind} is already closed`, reason: 'rule' });
    return problems;
  }

  /** `409 closure_request_exists`: the account has a request in `requested` or `in_progress`. */
  static alreadyRequested(open: Pick<ClosureRequest, 'id' | 'status'>): ConflictError {
    const message = `The account already has a closure request (${open.id}, ${open.status}); cancel it or let it complete first.`;
    return new ConflictError('closure_request_exists', message, [{ field: 'account_id', message: `closure request ${open.id} is ${open.status}`, reason: 'conflict' }]);
  }

  static open(origin: { id: string; caseId: string; requestedBy: string }, body: ClosureRequestBody, account: ClosableAccountFacts, now: Date): ClosureRequest {
    const request = new ClosureRequest();
    Object.assign(request, {
      id: origin.id,
      caseId: origin.caseId,
      createdAt: now,
      updatedAt: now,
      accountType: body.account_type,
      accountId: account.id,
      institutionName: account.institutionName,
      method: body.method ?? 'standard',
      status: 'requested',
      stepIds: [],
      transferId: null,
      requestedBy: origin.requestedBy,
      completedAt: null,
      cancelledAt: null,
      notes: body.notes ?? null,
      formerAccountStatus: null,
    });
    return request;
  }

  isOpen(): boolean {
    return OPEN_CLOSURE_REQUEST_STATUSES.includes(this.status);
  }

  /** The `deposit_proceeds` step among `steps` (the last of the five), if it still exists. */
  depositStep(steps: readonly ClosureStep[]): ClosureStep | undefined {
    const id = this.stepIds[this.stepIds.length - 1];
    return steps.find((step) => step.id === id && step.stepType === 'deposit_proceeds');
  }

  /** The account was moved to `pending_closure` from `former`: cancelling moves it back. */
  accountMovedFrom(former: string | null): void {
    this.formerAccountStatus = former;
  }

  /**
   * The status as the steps have it now (the case's plan, each step's status as read): an open request starts when
   * one of its steps does and completes when every one reads `completed` or `skipped`; it never moves back.
   */
  follow(plan: readonly ClosureStep[], now: Date): ClosureRequestMove {
    if (!this.isOpen()) return null;
    const steps = plan.filter((step) => this.stepIds.includes(step.id));
    if (steps.length > 0 && steps.every((step) => step.status === 'completed' || step.status === 'skipped')) {
      this.status = 'completed';
      this.completedAt = now;
      this.updatedAt = now;
      return 'completed';
    }
    if (this.status === 'requested' && steps.some(stepStarted)) {
      this.status = 'in_progress';
      this.updatedAt = now;
      return 'started';
    }
    return null;
  }

  /** `POST …/{id}/cancel`: an open request becomes `cancelled`; a final one is `409 invalid_state` and nothing changes. */
  cancel(now: Date): void {
    if (!this.isOpen()) {
      const message = `A ${this.status} closure request cannot be cancelled; only a requested or in_progress one can.`;
      throw new ConflictError('invalid_state', message, [{ field: 'status', message, reason: 'conflict' }]);
    }
    this.status = 'cancelled';
    this.cancelledAt = now;
    this.updatedAt = now;
  }

  /** `PATCH`: `notes` is the only writable field. Answers whether it changed. */
  reviseNotes(notes: string | null, now: Date): boolean {
    if (notes === this.notes) return false;
    this.notes = notes;
    this.updatedAt = now;
    return true;
  }
}
