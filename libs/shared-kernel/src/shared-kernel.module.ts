import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, ModulesContainer } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { EntityManager } from '@mikro-orm/postgresql';
import { CaseAccessGuard } from './platform/access/case-access.guard';
import { RequestGuard } from './platform/access/request-guard';
import { KnownQueryParametersGuard } from './platform/http/known-query-parameters.guard';
import { LinkSigner } from './platform/links/link-signer';
import { CaseRouteAudit } from './platform/access/case-route-audit';
import { Clock, SystemClock } from './platform/clock/clock';
import { IdempotencyJobs } from './platform/idempotency/idempotency-jobs';
import { EventsPurgeJob } from './platform/events/events-purge-job';
import { JobQueue } from './platform/jobs/job-queue';
import { PgBossJobQueue } from './platform/jobs/pg-boss-job-queue';
import { CaseRecordsEraser } from './resources/case-records-eraser';
import { CaseResourceReader } from './resources/case-resource-reader';
import { RecordDeletionVetoes } from './resources/record-deletion-vetoes';
import { RecordWriter } from './resources/record-writer';
import { SingletonRecords } from './resources/singleton-records';
import { AggregateWrites } from './resources/aggregate-writes';
import { UnitOfWork } from './platform/transactions/unit-of-work';
import { AuthGuard } from './platform/auth/auth.guard';
import { IdentityService } from './platform/auth/identity.service';
import { LastSeen } from './platform/auth/last-seen';
import { AppConfig } from './platform/config/app-config';
import { ApiExceptionFilter } from './platform/errors/api-exception.filter';
import { HealthController } from './platform/health/health.controller';
import { IdempotencyStore } from './platform/idempotency/idempotency.store';
import { WriteReplyPresenter } from './platform/idempotency/write-reply';
import { ResourceWriteReplyPresenter } from './resources/conditional/resource-write-reply';
import { createRootLogger, loggingParams } from './platform/logging/logging';
import { FieldCipher } from './platform/masking/field-cipher';
import { TierThrottlerGuard } from './platform/throttling/tier-throttler.guard';
import { FixedWindowRedisStorage } from './platform/throttling/fixed-window.storage';
import { SharedCounterStorage } from './platform/throttling/shared-counter.storage';
import { InvalidationFeed } from './platform/invalidation/invalidation-feed';
import { PrincipalCache, UnknownTokenCache } from './platform/auth/principal-cache';
import { FailedAuthLimiter } from './platform/throttling/failed-auth-limiter';
import { AuthenticationFailures } from './platform/auth/authentication-failures';
import { PlainQuery } from './platform/persistence/plain-query';
import { EventOutbox } from './platform/events/event-outbox';
import { ResourceEvents } from './platform/events/resource-events';
import { runWithinRequest } from './platform/context/request-scope';
import { EventTypeCatalog } from './platform/events/event-types';
import { ResourceCatalog } from './resources/resource-catalog';
import { ProviderSettings } from './platform/jobs/provider-settings';
import { ProviderSteps } from './resources/provider-steps';

/** The service's pino logger (`createRootLogger`), for the request log mounted ahead of Nest's routes. */
export const ROOT_LOGGER = Symbol('root-logger');

/**
 * The cross-cutting rules, wired globally. One guard (RequestGuard) runs the three checks in order: who is calling
 * (401), how often (429), may they touch this case (403/404). The unit of work (transaction + idempotency) wraps each
 * write route's handler; resources (and their ETag, and 304) are written by the HTTP adapter (ResourceExpressAdapter).
 */
@Global()
@Module({})
export class SharedKernelModule implements OnApplicationShutdown, NestModule {
  constructor(
    private readonly rateLimitStorage: SharedCounterStorage,
    private readonly em: EntityManager,
  ) {}

  /** The storage is handed to the throttler as an option, so Nest would never close its connection or timer. */
  onApplicationShutdown(): void {
    this.rateLimitStorage.close();
  }

  /**
   * Every request runs in its own async context: events written during it name the user who made the change, and
   * its entity manager is forked from the root the first time it is needed (MikroORM's `context` option reads it).
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply((req: object, _res: unknown, next: () => void) => runWithinRequest(req, this.em, next)).forRoutes('*');
  }

  static forRoot(config: AppConfig): DynamicModule {
    FieldCipher.configure(config.fieldEncryptionKey);
    const logger = createRootLogger(config.logLevel);
    const storage = new SharedCounterStorage(config.redisUrl ? new FixedWindowRedisStorage(config.redisUrl) : undefined, logger);
    return {
      module: SharedKernelModule,
      imports: [
        LoggerModule.forRoot(loggingParams(logger)),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'tier', ttl: config.rateLimitWindowMs, limit: config.rateLimits.pro }],
          storage,
        }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: SharedCounterStorage, useValue: storage },
        { provide: ROOT_LOGGER, useValue: logger },
        InvalidationFeed,
        PrincipalCache,
        UnknownTokenCache,
        FailedAuthLimiter,
        { provide: AuthenticationFailures, useExisting: FailedAuthLimiter },
        PlainQuery,
        IdentityService,
        LastSeen,
        IdempotencyStore,
        { provide: WriteReplyPresenter, useClass: ResourceWriteReplyPresenter },
        PgBossJobQueue,
        { provide: JobQueue, useExisting: PgBossJobQueue },
        IdempotencyJobs,
        EventsPurgeJob,
        { provide: Clock, useClass: SystemClock },
        UnitOfWork,
        // Gathered at start-up from the controllers every module registered: each carries its resources' manifests.
        { provide: ResourceCatalog, useFactory: (modules: ModulesContainer) => ResourceCatalog.fromModules(modules), inject: [ModulesContainer] },
        { provide: EventTypeCatalog, useFactory: (catalog: ResourceCatalog) => catalog.events, inject: [ResourceCatalog] },
        CaseResourceReader,
        RecordWriter,
        SingletonRecords,
        AggregateWrites,
        RecordDeletionVetoes,
        CaseRecordsEraser,
        CaseRouteAudit,
        LinkSigner,
        { provide: ProviderSettings, useFactory: () => ProviderSettings.fromEnvironment(process.env) },
        ProviderSteps,
        EventOutbox,
        ResourceEvents,
        AuthGuard,
        TierThrottlerGuard,
        CaseAccessGuard,
        { provide: APP_GUARD, useClass: RequestGuard },
        // After the request guard (Nest runs global guards in the order given): 401/429/403/404 come first.
        { provide: APP_GUARD, useClass: KnownQueryParametersGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [ROOT_LOGGER, AppConfig, JobQueue, PgBossJobQueue, ResourceCatalog, EventTypeCatalog, InvalidationFeed, PlainQuery, IdentityService, IdempotencyStore, WriteReplyPresenter, Clock, UnitOfWork, CaseResourceReader, RecordWriter, SingletonRecords, AggregateWrites, RecordDeletionVetoes, CaseRecordsEraser, EventOutbox, ResourceEvents, LinkSigner, ProviderSettings, ProviderSteps],
    };
  }
}
