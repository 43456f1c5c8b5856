export { DocumentsModule } from './documents.module';
export { DOCUMENTS_ENTITIES } from './infrastructure/persistence/document.schema';
export { documentResource } from './resources/document.resource';
export * from './ports';
export { statementResource } from './resources/statement.resource';
