import { AuthoritySchema, DeceasedSchema, EstateCaseSchema, ExecutorSchema } from './case.schemas';
import { personResource } from '../../persons/person.resource';
import { goalResource } from '../../resources/goal.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const CASE_ENTITIES = [EstateCaseSchema, DeceasedSchema, AuthoritySchema, personResource.schema, ExecutorSchema, goalResource.schema];
