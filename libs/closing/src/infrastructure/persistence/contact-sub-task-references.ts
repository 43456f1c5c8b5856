import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { institutionContactResource } from '@estate/assets';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel';
import { SubTaskContacts } from '../../application/ports/sub-task-contacts.port';

/** Sub-task contacts checked against the assets context's institution contacts (its public declaration). */
@Injectable()
export class ContactSubTaskReferences extends SubTaskContacts {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async assertOfCase(caseId: string, items: ReadonlyArray<{ institution_contact_id?: string | null }>, prefix: string): Promise<void> {
    const wanted = [...new Set(items.map((item) => item.institution_contact_id).filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return;
    const found = await this.em.find(institutionContactResource.schema, { caseId, id: { $in: wanted } } as never, { fields: ['id'] as never });
    const known = new Set(found.map((row) => (row as { id: string }).id));
    const problems: ErrorDetail[] = [];
    items.forEach((item, index) => {
      const id = item.institution_contact_id;
      if (typeof id !== 'string' || known.has(id)) return;
      const field = prefix ? `${prefix}[${index}].institution_contact_id` : 'institution_contact_id';
      problems.push({ field, message: 'institution_contact_id must name an institution contact of this case, or be null', reason: 'rule' });
    });
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  async release(caseId: string, contactId: string): Promise<void> {
    await this.em.execute(
      `update closure_steps
          set sub_tasks = (select jsonb_agg(case when task->>'institution_contact_id' = ? then jsonb_set(task, '{institution_contact_id}', 'null') else task end order by position)
                             from jsonb_array_elements(sub_tasks) with ordinality as items(task, position)),
              version = version + 1
        where case_id = ? and sub_tasks @> ?::jsonb`,
      [contactId, caseId, JSON.stringify([{ institution_contact_id: contactId }])],
    );
  }
}
