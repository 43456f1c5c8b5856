/** The people context's settings (README, "Settings"). */
export class PeopleConfig {
  constructor(
    /** `INVITATION_TTL_SECONDS` (contract-extensions §13.4): how long an invitation code is valid. */
    readonly invitationTtlSeconds: number,
    /** `EMAIL_FROM_ADDRESS`: the sender of invitation e-mails (the comms context's setting). */
    readonly senderAddress: string,
  ) {}
}

export function loadPeopleConfig(env: NodeJS.ProcessEnv): PeopleConfig {
  const raw = env.INVITATION_TTL_SECONDS;
  const ttl = raw === undefined || raw === '' ? 604_800 : Number(raw);
  if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`INVITATION_TTL_SECONDS must be a positive integer, got "${raw}"`);
  return new PeopleConfig(ttl, env.EMAIL_FROM_ADDRESS || 'no-reply@estatedesk.invalid');
}
