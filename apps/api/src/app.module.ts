import { DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppConfig, SharedKernelModule } from '@estate/shared-kernel';
import { CaseModule } from '@estate/case';
import { AssetsModule } from '@estate/assets';
import { CourtModule } from '@estate/court';
import { ClosingModule } from '@estate/closing';
import { DiscoveryModule } from '@estate/discovery';
import { TransfersModule } from '@estate/transfers';
import { CommsModule } from '@estate/comms';
import { WebhooksModule } from '@estate/webhooks';
import { DocumentsModule } from '@estate/documents';
import { VerificationsModule } from '@estate/verifications';
import { PeopleModule } from '@estate/people';
import { AccountingModule } from '@estate/accounting';
import { ormConfig } from './database/orm-config';

/** The deployable API: the shared kernel, persistence, and every bounded context. */
@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MikroOrmModule.forRoot({ ...ormConfig(config.databaseUrl, { poolMax: config.databasePoolMax }), registerRequestContext: false }),
        SharedKernelModule.forRoot(config),
        CaseModule,
        AssetsModule,
        CourtModule,
        ClosingModule,
        DiscoveryModule,
        TransfersModule,
        CommsModule,
        WebhooksModule,
        DocumentsModule,
        VerificationsModule,
        PeopleModule,
        AccountingModule,
      ],
    };
  }
}
