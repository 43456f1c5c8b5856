import { PEOPLE_PARTS } from './people.parts';

export { PeopleModule } from './people.module';
/** Its ORM mappings, gathered from its folder. */
export const PEOPLE_ENTITIES = PEOPLE_PARTS.entities;
export { InvitationMailer, INVITATION_EMAIL_QUEUE } from './application/invitation-mailer';
export { proUserRecord } from './resources/pro-user-record';
export { OperatorEnrolment, InvitationRefused } from './infrastructure/persistence/operator-enrolment';
export type { OperatorInvitation } from './infrastructure/persistence/operator-enrolment';
