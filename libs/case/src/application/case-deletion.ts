/**
 * Another context's say in a case deletion. Participants run inside the deletion's transaction: they may refuse
 * (transfers: 409 case_has_active_transfer) or remove their own records. Contexts register in onModuleInit, so the
 * case context never imports them (dependencies point at the case, not from it).
 */
export abstract class CaseDeletionParticipant {
  abstract beforeCaseDeleted(caseId: string): Promise<void>;
}

export class CaseDeletionParticipants {
  private readonly participants: CaseDeletionParticipant[] = [];

  register(participant: CaseDeletionParticipant): void {
    this.participants.push(participant);
  }

  all(): readonly CaseDeletionParticipant[] {
    return this.participants;
  }
}
