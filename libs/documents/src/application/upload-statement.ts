import { Injectable } from '@nestjs/common';
import { CaseResource, Clock, InjectResource, JsonObject, RecordWriter, Scope, SingleResource, UnitOfWork, ValidationFailedError } from '@estate/shared-kernel';
import type { ReceivedFile } from '../ports';
import { UploadDocument } from './upload-document';

/**
 * `POST …/bank-accounts/{account_id}/statements` with a file (contract §11.2): the document (type `bank_statement`,
 * related to the account) is made from the upload under §11.1's rules and the statement resting on it is created, in
 * one transaction — a refused statement leaves no document. The statement's own rules are checked before the bytes
 * are stored, so a statement refused for its period or amounts puts nothing in a storage outside the transaction
 * (S3); the writer checks them again with the document's reference, in the same transaction.
 */
@Injectable()
export class UploadStatement {
  constructor(
    @InjectResource('statement') private readonly resource: CaseResource,
    private readonly uow: UnitOfWork,
    private readonly uploads: UploadDocument,
    private readonly writer: RecordWriter,
    private readonly clock: Clock,
  ) {}

  /** `fields` are the statement's, validated; `clientDigest` the `sha256` text part, if sent. */
  execute(scope: Scope, file: ReceivedFile, fields: JsonObject, clientDigest: string | null, uploadedBy: string): Promise<SingleResource> {
    this.uploads.assertDigest(file, clientDigest);
    return this.uow.run(
      async (em) => {
        const problems = (await this.resource.rules?.(fields, { em, scope, clock: this.clock })) ?? [];
        if (problems.length > 0) throw new ValidationFailedError(problems);
        const document = await this.uploads.createFor(scope.caseId, file, {
          type: 'bank_statement',
          title: `Statement ${String(fields.period_start)} to ${String(fields.period_end)}`,
          relatedType: 'bank_account',
          relatedId: scope.bankAccountId,
          uploadedBy,
        });
        return this.writer.create(this.resource, scope, { ...fields, document_id: document.id as string });
      },
      { caseId: scope.caseId },
    );
  }
}
