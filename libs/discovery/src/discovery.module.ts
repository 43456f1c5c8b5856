import { Module, OnModuleInit } from '@nestjs/common';
import { AssetsModule, PaidUnclaimedProperties } from '@estate/assets';
import { CaseModule } from '@estate/case';
import { DocumentReferences, DocumentsModule } from '@estate/documents';
import { CaseResourceModule, registerErrorCodes } from '@estate/shared-kernel';
import { DISCOVERY_PARTS } from './discovery.parts';
import { InitiateSearch } from './application/initiate-search.service';
import { PendingSearchesProjection } from './application/pending-searches-projection';
import { CaseSearchTallies } from './application/ports/case-search-tallies.port';
import { SearchProvider } from './application/ports/search-provider.port';
import { UnclaimedPropertyAccountReader } from './application/ports/unclaimed-property-account-records.port';
import { ReportUnclaimedProperty } from './application/report-unclaimed-property.service';
import { ReviseSearch } from './application/revise-search.service';
import { ReviseUnclaimedProperty } from './application/revise-unclaimed-property.service';
import { SearchProcessor } from './application/search-processor';
import { StartSearch } from './application/start-search.service';
import { UnclaimedPropertyReferences } from './application/unclaimed-property-references';
import { OrmUnclaimedPropertyAccountRecords } from './infrastructure/persistence/orm-unclaimed-property-account-records';
import { PaidUnclaimedPropertyReader } from './infrastructure/persistence/paid-unclaimed-property-reader';
import { SqlCaseSearchTallies } from './infrastructure/persistence/sql-case-search-tallies';
import { UnclaimedPropertyDocumentReferrers } from './infrastructure/persistence/unclaimed-property-document-referrers';
import { searchProviderFrom } from './infrastructure/search/search-provider-setting';
import { searchResource } from './resources/search.resource';
import { unclaimedPropertyResource } from './resources/unclaimed-property.resource';

registerErrorCodes({
  search_in_progress: { status: 409, explanation: 'The case already has a search of that type `pending` or `in_progress`; wait for it to complete or fail.' },
});

/**
 * The discovery context: finding what the deceased left — searches (recorded, or run through the search provider) and
 * the unclaimed property they turn up, which the estate inventory lists once its claim is paid.
 */
@Module({
  imports: [CaseModule, AssetsModule, DocumentsModule, CaseResourceModule.forResources([searchResource, unclaimedPropertyResource])],
  controllers: DISCOVERY_PARTS.controllers,
  providers: [
    StartSearch,
    ReviseSearch,
    PendingSearchesProjection,
    InitiateSearch,
    SearchProcessor,
    { provide: SearchProvider, useFactory: () => searchProviderFrom(process.env) },
    { provide: CaseSearchTallies, useClass: SqlCaseSearchTallies },
    PaidUnclaimedPropertyReader,
    ReportUnclaimedProperty,
    ReviseUnclaimedProperty,
    UnclaimedPropertyReferences,
    UnclaimedPropertyDocumentReferrers,
    { provide: UnclaimedPropertyAccountReader, useClass: OrmUnclaimedPropertyAccountRecords },
  ],
  // The court accounting reads the unclaimed property (contract-extensions §16).
  exports: [SearchProcessor, SearchProvider, UnclaimedPropertyAccountReader],
})
export class DiscoveryModule implements OnModuleInit {
  constructor(
    private readonly documentReferences: DocumentReferences,
    private readonly paidUnclaimed: PaidUnclaimedProperties,
    private readonly paidUnclaimedReader: PaidUnclaimedPropertyReader,
    private readonly unclaimedPropertyReferrers: UnclaimedPropertyDocumentReferrers,
  ) {}

  onModuleInit(): void {
    // The estate inventory lists unclaimed property once its claim is paid (contract-extensions §12.5), read here.
    this.paidUnclaimed.answerWith((caseId) => this.paidUnclaimedReader.paidOf(caseId));
    // A document that unclaimed property names cannot be deleted (409 document_in_use naming it, §12.5).
    this.documentReferences.register(this.unclaimedPropertyReferrers);
  }
}
