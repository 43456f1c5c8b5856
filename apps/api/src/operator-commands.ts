import type { EntityManager } from '@mikro-orm/postgresql';
import { InvitationRefused, OperatorEnrolment } from '@estate/people';

export { InvitationRefused };

/** The people context's enrolment of members, for the operator CLI, which requires this file only when a command runs. */
export const operatorEnrolment = (em: EntityManager) => new OperatorEnrolment(em);
