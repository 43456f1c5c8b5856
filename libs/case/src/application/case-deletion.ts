/**
 * Another context's say in a case deletion. Participants run inside the deletion's transaction: they may refuse
 * (transfers: 409 case_has_active_transfer) or remove their own records. Contexts register in onModuleInit, so the
 * case context never imports them (dependencies point at the case, not from it).
 */
export abstract class CaseDeletionParticipant {
  abstract beforeCaseDeleted(caseId: string): Promise<void>;
}

/** The port other contexts register with. */
export abstract class CaseDeletionParticipants {
  abstract register(participant: CaseDeletionParticipant): void;
}

/** The case context's side of the port: the participants the deletion asks, in order. */
export class CaseDeletionRegistry extends CaseDeletionParticipants {
  private readonly participants: CaseDeletionParticipant[] = [];

  register(participant: CaseDeletionParticipant): void {
    this.participants.push(participant);
  }

  all(): readonly CaseDeletionParticipant[] {
    return this.participants;
  }
}
