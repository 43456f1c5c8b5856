export { DocumentsModule } from './documents.module';
export { DOCUMENTS_ENTITIES } from './infrastructure/persistence/documents.entities';
export { documentResource } from './resources/document.resource';
export { notarizationResource } from './resources/notarization.resource';
export { NotarizationSteps } from './application/notarization-steps';
export { NotaryProvider } from './application/notary-provider.port';
export * from './ports';
export { statementResource } from './resources/statement.resource';
