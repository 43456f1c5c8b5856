/**
 * A private calendar address of a case's deadlines: a calendar application polls it without a header, so the address
 * itself is the credential (signed, see the feed-link use cases). It lives until revoked; revoking deletes it.
 */
export class DeadlineFeedLink {
  id: string;
  caseId: string;
  createdAt: Date;

  static create(id: string, caseId: string, now: Date): DeadlineFeedLink {
    return Object.assign(new DeadlineFeedLink(), { id, caseId, createdAt: now });
  }
}
