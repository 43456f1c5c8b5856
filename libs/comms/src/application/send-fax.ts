import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { InstitutionContacts } from '@estate/assets';
import { CaseDocuments } from '@estate/documents';
import { AggregateWrites, CaseResource, CreateUseCase, currentActor, InjectResource, JsonObject, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import { Fax, FaxRecipientContact, FaxRequest } from '../domain/fax';
import { CommsConfig } from './comms-config';
import { FaxTransmissionProcessor } from './fax-transmission-processor';

/**
 * `POST …/faxes` (contract-extensions §11.5): reads the documents and the contact the body names (through the
 * documents' and assets' ports, in the transaction that holds the case), lets the fax's rules decide, stores it
 * `queued` from `FAX_FROM_NUMBER` and sent by the caller, and enqueues its first provider step in the same
 * transaction. Nothing is dialled here.
 */
@Injectable()
export class SendFax implements CreateUseCase {
  constructor(
    @InjectResource('fax') private readonly resource: CaseResource<Fax>,
    private readonly writes: AggregateWrites,
    private readonly uow: UnitOfWork,
    private readonly documents: CaseDocuments,
    private readonly contacts: InstitutionContacts,
    private readonly config: CommsConfig,
    private readonly transmission: FaxTransmissionProcessor,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    const request = body as unknown as FaxRequest;
    return this.uow.run(
      async () => {
        let queued: Fax | undefined;
        const created = await this.writes.add(this.resource, scope, async (clock) => {
          const documents = await this.documents.describe(scope.caseId, request.document_ids);
          const contact = await this.contactOf(scope.caseId, request.institution_contact_id ?? null);
          // The user whose token sends it (contract-extensions §11.5 `sent_by`): the request scope knows the principal.
          const origin = { id: ulid(), caseId: scope.caseId, fromNumber: this.config.faxFromNumber, sentBy: currentActor().id };
          queued = Fax.queue(origin, request, { documents, contact }, clock.now());
          return queued;
        });
        await this.transmission.scheduleFirst(queued!, queued!.queuedAt);
        return created;
      },
      { caseId: scope.caseId },
    );
  }

  private async contactOf(caseId: string, contactId: string | null): Promise<FaxRecipientContact | null> {
    if (contactId === null) return null;
    const contact = await this.contacts.ofCase(caseId, contactId);
    return contact ? { id: contact.id, fax: contact.contactMethods?.fax ?? null } : null;
  }
}
