import { randomBytes } from 'node:crypto';
import { AppConfig, decodeEncryptionKey, loadAppConfig, TIERS } from './app-config';

const KEY = randomBytes(32).toString('base64');

describe('loadAppConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY }, { databaseUrl: 'postgres://db/estate' });
    expect(config).toBeInstanceOf(AppConfig);
    expect(config.databaseUrl).toBe('postgres://db/estate');
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.fieldEncryptionKey.equals(Buffer.from(KEY, 'base64'))).toBe(true);
    expect(config.rateLimits).toEqual({ pro: 300, enterprise: 1000 });
    expect(config.rateLimitWindowMs).toBe(60_000);
    expect(config.logLevel).toBe('info');
    expect(config.transferProcessor).toBe('on');
    expect(config.transferStepDelayMs).toBe(3000);
    expect(config.idempotencyRetentionHours).toBe(24);
    expect(TIERS).toEqual(['pro', 'enterprise']);
  });

  it('reads RATE_LIMIT_PRO and RATE_LIMIT_ENTERPRISE', () => {
    const config = loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, RATE_LIMIT_PRO: '5', RATE_LIMIT_ENTERPRISE: '12' }, { databaseUrl: 'x' });
    expect(config.rateLimits).toEqual({ pro: 5, enterprise: 12 });
  });

  it('treats an empty RATE_LIMIT_* as unset', () => {
    expect(loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, RATE_LIMIT_PRO: '' }, { databaseUrl: 'x' }).rateLimits.pro).toBe(300);
  });

  it('lets resolved values override the environment', () => {
    const config = loadAppConfig(
      { FIELD_ENCRYPTION_KEY: 'not used', RATE_LIMIT_PRO: '5', PORT: '4000', LOG_LEVEL: 'debug', REDIS_URL: 'redis://env' },
      { databaseUrl: 'x', fieldEncryptionKey: KEY, rateLimits: { pro: 7 }, port: 5000, logLevel: 'warn', redisUrl: 'redis://resolved' },
    );
    expect(config.rateLimits).toEqual({ pro: 7, enterprise: 1000 });
    expect(config.port).toBe(5000);
    expect(config.logLevel).toBe('warn');
    expect(config.redisUrl).toBe('redis://resolved');
  });

  it('reads PORT, LOG_LEVEL, REDIS_URL and TRANSFER_STEP_DELAY_MS from the environment', () => {
    const config = loadAppConfig(
      { FIELD_ENCRYPTION_KEY: KEY, PORT: '8080', LOG_LEVEL: 'debug', REDIS_URL: 'redis://localhost:6379', TRANSFER_STEP_DELAY_MS: '10' },
      { databaseUrl: 'x' },
    );
    expect(config.port).toBe(8080);
    expect(config.logLevel).toBe('debug');
    expect(config.redisUrl).toBe('redis://localhost:6379');
    expect(config.transferStepDelayMs).toBe(10);
  });

  it('treats an empty REDIS_URL as unset', () => {
    expect(loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, REDIS_URL: '' }, { databaseUrl: 'x' }).redisUrl).toBeUndefined();
  });

  it.each(['abc', '-1', '1.5'])('rejects RATE_LIMIT_PRO=%s', (value) => {
    expect(() => loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, RATE_LIMIT_PRO: value }, { databaseUrl: 'x' })).toThrow('RATE_LIMIT_PRO');
  });

  it('accepts a key given as a Buffer', () => {
    const key = randomBytes(32);
    expect(loadAppConfig({}, { databaseUrl: 'x', fieldEncryptionKey: key }).fieldEncryptionKey.equals(key)).toBe(true);
  });

  it('throws when the key is missing', () => {
    expect(() => loadAppConfig({}, { databaseUrl: 'x' })).toThrow('FIELD_ENCRYPTION_KEY is required');
    expect(() => loadAppConfig({ FIELD_ENCRYPTION_KEY: '' }, { databaseUrl: 'x' })).toThrow('FIELD_ENCRYPTION_KEY is required');
  });

  it('throws when the key is not 32 bytes', () => {
    expect(() => loadAppConfig({ FIELD_ENCRYPTION_KEY: randomBytes(16).toString('base64') }, { databaseUrl: 'x' })).toThrow('32 bytes');
    expect(() => loadAppConfig({ FIELD_ENCRYPTION_KEY: randomBytes(33).toString('base64') }, { databaseUrl: 'x' })).toThrow('32 bytes');
    expect(() => decodeEncryptionKey(randomBytes(31))).toThrow('32 bytes');
  });

  it('accepts TRANSFER_PROCESSOR on/off in any case', () => {
    expect(loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, TRANSFER_PROCESSOR: 'off' }, { databaseUrl: 'x' }).transferProcessor).toBe('off');
    expect(loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, TRANSFER_PROCESSOR: 'OFF' }, { databaseUrl: 'x' }).transferProcessor).toBe('off');
    expect(loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, TRANSFER_PROCESSOR: 'On' }, { databaseUrl: 'x' }).transferProcessor).toBe('on');
  });

  it.each(['yes', 'true', '1', 'of'])('rejects TRANSFER_PROCESSOR=%j', (value) => {
    expect(() => loadAppConfig({ FIELD_ENCRYPTION_KEY: KEY, TRANSFER_PROCESSOR: value }, { databaseUrl: 'x' })).toThrow('TRANSFER_PROCESSOR');
  });
});
