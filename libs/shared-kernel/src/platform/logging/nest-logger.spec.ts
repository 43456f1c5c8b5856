import { NestLogger } from './nest-logger';

describe('NestLogger', () => {
  const inner = () => ({ log: jest.fn(), error: jest.fn(), warn: jest.fn(), debug: jest.fn(), verbose: jest.fn(), fatal: jest.fn() });

  it("moves Nest's per-route and per-module start-up lines to debug, and passes everything else as it came", () => {
    const target = inner();
    const logger = new NestLogger(target);
    logger.log('Mapped {/v1/cases, GET} route', 'RouterExplorer');
    logger.log('CasesController {/v1/cases}:', 'RoutesResolver');
    logger.log('CaseModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful', 'JobQueue');
    logger.error('broken', 'stack', 'ApiExceptionFilter');
    expect(target.debug.mock.calls.map(([message]) => message)).toEqual(['Mapped {/v1/cases, GET} route', 'CasesController {/v1/cases}:', 'CaseModule dependencies initialized']);
    expect(target.log.mock.calls).toEqual([['Nest application successfully started', 'NestApplication']]);
    expect(target.warn.mock.calls).toEqual([['careful', 'JobQueue']]);
    expect(target.error.mock.calls).toEqual([['broken', 'stack', 'ApiExceptionFilter']]);
  });
});
