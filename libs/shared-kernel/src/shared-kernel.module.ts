import { DynamicModule, Global, Inject, MiddlewareConsumer, Module, NestModule, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { CaseAccessGuard } from './access/case-access.guard';
import { CaseRouteAudit } from './access/case-route-audit';
import { Clock, SystemClock } from './clock/clock';
import { IdempotencyKeyPurge } from './idempotency/idempotency-key-purge';
import { CaseRecordsEraser } from './resources/case-records-eraser';
import { CaseResourceReader } from './resources/case-resource-reader';
import { RecordDeletionVetoes } from './resources/record-deletion-vetoes';
import { RecordWriter } from './resources/record-writer';
import { AggregateWrites } from './resources/aggregate-writes';
import { UnitOfWork } from './transactions/unit-of-work';
import { AuthGuard } from './auth/auth.guard';
import { IdentityService } from './auth/identity.service';
import { AppConfig } from './config/app-config';
import { ConditionalResponseInterceptor } from './conditional/conditional-response.interceptor';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { HealthController } from './health/health.controller';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { UnitOfWorkInterceptor } from './idempotency/unit-of-work.interceptor';
import { loggingParams } from './logging/logging';
import { FieldCipher } from './masking/field-cipher';
import { TierThrottlerGuard } from './throttling/tier-throttler.guard';
import { FixedWindowMemoryStorage, FixedWindowRedisStorage } from './throttling/fixed-window.storage';
import { InvalidationFeed } from './invalidation/invalidation-feed';
import { PrincipalCache } from './auth/principal-cache';
import { PlainQuery } from './persistence/plain-query';
import { BodyValidationPipe } from './validation/body-validation.pipe';
import { EventOutbox } from './events/event-outbox';
import { ResourceEvents } from './events/resource-events';
import { EventReader } from './events/event-reader';
import { EventsController } from './events/events.controller';
import { runWithinRequest } from './events/actor-context';

const RATE_LIMIT_STORAGE = Symbol('rate-limit-storage');

/**
 * The cross-cutting rules, wired globally. Guards run in the order listed: who is calling (401), how often (429),
 * may they touch this case (403/404). Interceptors: the unit of work (transaction + idempotency) wraps the
 * conditional-response step, which wraps the handler.
 */
@Global()
@Module({})
export class SharedKernelModule implements OnApplicationShutdown, NestModule {
  constructor(@Inject(RATE_LIMIT_STORAGE) private readonly rateLimitStorage: FixedWindowRedisStorage | FixedWindowMemoryStorage) {}

  /** The storage is handed to the throttler as an option, so Nest would never close its connection or timer. */
  onApplicationShutdown(): void {
    this.rateLimitStorage.close();
  }

  /** Every request runs in its own async context, so events written during it name the user who made the change. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply((req: object, _res: unknown, next: () => void) => runWithinRequest(req, next)).forRoutes('*');
  }

  static forRoot(config: AppConfig): DynamicModule {
    FieldCipher.configure(config.fieldEncryptionKey);
    const storage = config.redisUrl ? new FixedWindowRedisStorage(config.redisUrl) : new FixedWindowMemoryStorage();
    return {
      module: SharedKernelModule,
      imports: [
        DiscoveryModule,
        LoggerModule.forRoot(loggingParams(config.logLevel)),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'tier', ttl: config.rateLimitWindowMs, limit: config.rateLimits.pro }],
          storage,
        }),
      ],
      controllers: [HealthController, EventsController],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: RATE_LIMIT_STORAGE, useValue: storage },
        InvalidationFeed,
        PrincipalCache,
        PlainQuery,
        IdentityService,
        IdempotencyStore,
        IdempotencyKeyPurge,
        { provide: Clock, useClass: SystemClock },
        UnitOfWork,
        CaseResourceReader,
        RecordWriter,
        AggregateWrites,
        RecordDeletionVetoes,
        CaseRecordsEraser,
        CaseRouteAudit,
        EventOutbox,
        ResourceEvents,
        EventReader,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: TierThrottlerGuard },
        { provide: APP_GUARD, useClass: CaseAccessGuard },
        { provide: APP_INTERCEPTOR, useClass: UnitOfWorkInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ConditionalResponseInterceptor },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: BodyValidationPipe },
      ],
      exports: [AppConfig, InvalidationFeed, PlainQuery, IdentityService, IdempotencyStore, Clock, UnitOfWork, CaseResourceReader, RecordWriter, AggregateWrites, RecordDeletionVetoes, CaseRecordsEraser, EventOutbox, ResourceEvents],
    };
  }
}
