import { documentResource } from '../../resources/document.resource';
import { statementResource } from '../../resources/statement.resource';
import { NotarizationSchema } from './notarization.schema';

/** The MikroORM mappings the documents context contributes to the application's ORM configuration. */
export const DOCUMENTS_ENTITIES = [documentResource.schema, statementResource.schema, NotarizationSchema];
