import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel/domain';
import type { ClosureStepStatus, WritableClosureStepStatus } from './closure-vocabulary';

export interface SubTask {
  id: string;
  title: string;
  completed: boolean;
  institution_contact_id: string | null;
}

/** A sub-task as a body sends it: on a step's `PATCH`, an item with the `id` of an existing sub-task keeps it. */
export interface SubTaskInput {
  id?: string;
  title: string;
  completed?: boolean | null;
  institution_contact_id?: string | null;
}

/**
 * A step's writable fields as properties (`stepType`), each present (`null` when unset): a create body, or the merged
 * result of a merge patch. `status` is the status written (kept as `setStatus`, the plan computes the one read); the
 * plan's rules read it and the prerequisites and sub-tasks; the others are stored as given.
 */
export type ClosureStepFields = {
  status?: WritableClosureStepStatus | null;
  dependsOn?: readonly string[] | null;
  subTasks?: readonly SubTaskInput[] | null;
} & Readonly<Record<string, unknown>>;

/**
 * One step of closing the estate. `status` and `blocked_reason` are the status as read (contract §3.2), kept on the
 * row by the closure plan whenever any step of the case changes; `setStatus` is what the client wrote. It names the
 * fields the plan's rules read and write (and `stepType`, which a closure request reads to find its deposit step, and
 * `title`, which a blocked reason quotes); its other fields (declared with the resource) are stored as given.
 */
export class ClosureStep implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  stepType: string;
  title: string;
  status: ClosureStepStatus;
  dependsOn: string[];
  blockedReason: string | null;
  completedDate: string | null;
  subTasks: SubTask[];
  setStatus: WritableClosureStepStatus;
  /**
   * Why the service holds the step (a closure request's deposit whose transfer was returned or rejected,
   * contract-extensions §15.1): it reads `blocked` with this reason until a client writes its status.
   */
  heldReason: string | null;
}

function describe(steps: ClosureStep[]): string {
  const names = steps.map((step) => `"${step.title}"`);
  return `Waiting for ${names.length === 1 ? 'step' : 'steps'} ${names.join(', ')} to be completed or skipped.`;
}

/**
 * The closure steps of one case (the aggregate): `depends_on` names steps of the same plan without cycles, and each
 * step's status as read follows its prerequisites and sub-tasks (contract §3.2). Every change goes through here so
 * that the statuses read from every row stay true.
 */
export class ClosurePlan {
  constructor(
    private readonly steps: ClosureStep[],
    private readonly newId: () => string,
  ) {}

  get all(): readonly ClosureStep[] {
    return this.steps;
  }

  find(id: string): ClosureStep | undefined {
    return this.steps.find((step) => step.id === id);
  }

  add(caseId: string, fields: ClosureStepFields, now: Date, today: string): ClosureStep {
    const step = new ClosureStep();
    Object.assign(step, { id: this.newId(), caseId, createdAt: now, updatedAt: now, dependsOn: [], subTasks: [], setStatus: 'not_started', status: 'not_started', blockedReason: null, heldReason: null });
    this.write(step, fields, true);
    this.steps.push(step);
    this.check(step, fields.status === 'completed');
    this.resolve(now, today);
    step.updatedAt = now;
    return step;
  }

  /** A merge patch of the step, given as the merged fields. */
  revise(step: ClosureStep, fields: ClosureStepFields, statusSent: boolean, now: Date, today: string): void {
    const written = () => {
      const stored = Object.keys(fields).filter((property) => property !== 'status').map((property) => (step as unknown as Record<string, unknown>)[property] ?? null);
      return JSON.stringify([stored, step.setStatus, step.dependsOn, step.subTasks]);
    };
    const before = written();
    this.write(step, fields, false);
    this.check(step, statusSent && fields.status === 'completed');
    if (written() !== before) step.updatedAt = now;
    // A status the client writes is its decision about a held step: the hold ends.
    if (statusSent && step.heldReason !== null) {
      step.heldReason = null;
      step.updatedAt = now;
    }
    this.resolve(now, today);
  }

  /**
   * The service completes a step (a closure request's deposit, once its transfer settled): written `completed`, or
   * every sub-task completed where it has some; any hold ends.
   */
  complete(step: ClosureStep, now: Date, today: string): void {
    const before = JSON.stringify([step.setStatus, step.subTasks, step.heldReason]);
    if (step.subTasks.length > 0) step.subTasks = step.subTasks.map((task) => ({ ...task, completed: true }));
    else step.setStatus = 'completed';
    step.heldReason = null;
    if (JSON.stringify([step.setStatus, step.subTasks, step.heldReason]) !== before) step.updatedAt = now;
    this.resolve(now, today);
  }

  /** The service holds a step: it reads `blocked` with `reason` until a client writes its status. */
  hold(step: ClosureStep, reason: string, now: Date, today: string): void {
    if (step.heldReason !== reason) {
      step.heldReason = reason;
      step.updatedAt = now;
    }
    this.resolve(now, today);
  }

  /** The steps named that do not read `completed` become `skipped` (a cancelled closure request); holds end. */
  skipOpen(ids: readonly string[], now: Date, today: string): void {
    for (const id of ids) {
      const step = this.find(id);
      if (!step || step.status === 'completed') continue;
      if (step.setStatus !== 'skipped' || step.heldReason !== null) {
        step.setStatus = 'skipped';
        step.heldReason = null;
        step.updatedAt = now;
      }
    }
    this.resolve(now, today);
  }

  /** `#15`: one sub-task's merge patch; the step's status as read follows. */
  reviseSubTask(step: ClosureStep, subTaskId: string, changes: Partial<Omit<SubTask, 'id'>>, now: Date, today: string): boolean {
    const index = step.subTasks.findIndex((task) => task.id === subTaskId);
    if (index < 0) return false;
    const current = step.subTasks[index];
    const next: SubTask = {
      id: current.id,
      title: changes.title ?? current.title,
      completed: changes.completed === undefined ? current.completed : (changes.completed ?? false),
      institution_contact_id: changes.institution_contact_id === undefined ? current.institution_contact_id : changes.institution_contact_id,
    };
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      step.subTasks = step.subTasks.map((task, position) => (position === index ? next : task));
      step.updatedAt = now;
    }
    this.resolve(now, today);
    return true;
  }

  /** Removing a step also removes it from the prerequisites of the others (they may become unblocked). */
  remove(step: ClosureStep, now: Date, today: string): void {
    this.steps.splice(this.steps.indexOf(step), 1);
    for (const other of this.steps) {
      if (!other.dependsOn.includes(step.id)) continue;
      other.dependsOn = other.dependsOn.filter((id) => id !== step.id);
      other.updatedAt = now;
    }
    this.resolve(now, today);
  }

  /** The fields as given, but the status written (`setStatus`), a copy of the prerequisites and the sub-tasks with their ids. */
  private write(step: ClosureStep, fields: ClosureStepFields, creating: boolean): void {
    const { status, dependsOn, subTasks, ...stored } = fields;
    Object.assign(step, stored);
    step.setStatus = status ?? (creating ? 'not_started' : step.setStatus);
    if (dependsOn !== undefined) step.dependsOn = [...(dependsOn ?? [])];
    if (subTasks === undefined) return;
    const existing = new Map(step.subTasks.map((task) => [task.id, task]));
    step.subTasks = (subTasks ?? []).map((input) => ({
      id: input.id && existing.has(input.id) ? input.id : this.newId(),
      title: input.title,
      completed: input.completed ?? false,
      institution_contact_id: input.institution_contact_id ?? null,
    }));
  }

  /** `depends_on`: steps of this case, not itself, no repeats, no cycle; `completed` only without sub-tasks (§3.2). */
  private check(step: ClosureStep, completing: boolean): void {
    const problems: ErrorDetail[] = [];
    const known = new Set(this.steps.map((other) => other.id));
    step.dependsOn.forEach((id, index) => {
      if (id === step.id) problems.push({ field: `depends_on[${index}]`, message: 'a step cannot depend on itself', reason: 'rule' });
      else if (!known.has(id)) problems.push({ field: `depends_on[${index}]`, message: 'depends_on must name closure steps of this case', reason: 'rule' });
    });
    if (new Set(step.dependsOn).size !== step.dependsOn.length) problems.push({ field: 'depends_on', message: 'depends_on must not repeat a step', reason: 'rule' });
    if (problems.length === 0 && this.reaches(step.id, step.id)) {
      problems.push({ field: 'depends_on', message: 'depends_on would make a cycle of prerequisites', reason: 'rule' });
    }
    if (completing && step.subTasks.length > 0) {
      problems.push({ field: 'status', message: 'a step with sub-tasks is completed by completing its sub-tasks', reason: 'rule' });
    }
    const subTaskIds = step.subTasks.map((task) => task.id);
    if (new Set(subTaskIds).size !== subTaskIds.length) problems.push({ field: 'sub_tasks', message: 'sub_tasks must not repeat an id', reason: 'rule' });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  /** Whether following prerequisites from `from`'s prerequisites reaches `target`. */
  private reaches(from: string, target: string): boolean {
    const seen = new Set<string>();
    const queue = [...(this.find(from)?.dependsOn ?? [])];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (id === target) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(this.find(id)?.dependsOn ?? []));
    }
    return false;
  }

  /**
   * The status as read of every step (contract §3.2): `blocked` with the service's reason while the step is held
   * (§15.1), or with a reason while any prerequisite (as read) is neither completed nor skipped — this wins; else a step with sub-tasks is `completed` when all are, and otherwise
   * its written status (a written `completed` then reads `in_progress`); a step without sub-tasks reads its written
   * status. A step that comes to read `completed` without a completion date gets today's.
   */
  private resolve(now: Date, today: string): void {
    const read = new Map<string, ClosureStepStatus>();
    const statusOf = (step: ClosureStep, path: Set<string>): ClosureStepStatus => {
      const known = read.get(step.id);
      if (known) return known;
      if (path.has(step.id)) return 'blocked';
      path.add(step.id);
      const waitingFor = step.dependsOn
        .map((id) => this.find(id))
        .filter((other): other is ClosureStep => other !== undefined)
        .filter((other) => !['completed', 'skipped'].includes(statusOf(other, path)));
      path.delete(step.id);
      let status: ClosureStepStatus;
      if (step.heldReason || waitingFor.length > 0) status = 'blocked';
      else if (step.subTasks.length > 0 && step.subTasks.every((task) => task.completed)) status = 'completed';
      else if (step.subTasks.length > 0 && step.setStatus === 'completed') status = 'in_progress';
      else status = step.setStatus;
      read.set(step.id, status);
      const reason = step.heldReason || (waitingFor.length > 0 ? describe(waitingFor) : null);
      const completedDate = status === 'completed' && !step.completedDate ? today : step.completedDate;
      if (step.status !== status || step.blockedReason !== reason || step.completedDate !== completedDate) {
        step.status = status;
        step.blockedReason = reason;
        step.completedDate = completedDate;
        step.updatedAt = now;
      }
      return status;
    };
    for (const step of this.steps) statusOf(step, new Set());
  }
}
