import type { LoggerService } from '@nestjs/common';

/**
 * What Nest says at start-up about each module and route ("Mapped {/v1/cases, GET} route", "CasesController
 * {/v1/cases}:", "CaseModule dependencies initialized"): about 270 lines before the banner (issue 33, item 11;
 * contract §9: start-up prints the banner, not one log line a route). They are kept at `debug`, where they can still
 * be asked for (`LOG_LEVEL=debug`).
 */
const START_UP_DETAIL = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

/** Nest's logger (nestjs-pino's, on the root logger) with its start-up detail moved down to `debug`. */
export class NestLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_DETAIL.has(context)) this.inner.debug?.(message, ...optionalParams);
    else this.inner.log(message, ...optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.inner.error(message, ...optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.inner.warn(message, ...optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.inner.debug?.(message, ...optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.inner.verbose?.(message, ...optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...optionalParams);
  }
}
