export { PeopleModule } from './people.module';
export { PEOPLE_ENTITIES } from './infrastructure/persistence/people.schemas';
export { InvitationMailer, INVITATION_EMAIL_QUEUE } from './application/invitation-mailer';
