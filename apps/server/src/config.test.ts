import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './seed.ts';
import { createServices } from './services.ts';

const secrets = { PASSWORD_PEPPER: 'p'.repeat(40), CODE_PEPPER: 'c'.repeat(40), JWT_SECRET: 'j'.repeat(40), AUDIT_KEY: 'a'.repeat(40) };

describe('configuration', () => {
  it('production refuses sandbox providers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: ':memory:', ...secrets })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PROVIDERS: 'sandbox', DATA_DIR: ':memory:', ...secrets })).toThrow(/sandbox/);
  });

  it('production requires its secrets from the environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PROVIDERS: 'live', DATA_DIR: ':memory:' })).toThrow(/PASSWORD_PEPPER/);
    expect(() => loadConfig({ NODE_ENV: 'production', PROVIDERS: 'live', DATA_DIR: ':memory:', ...secrets, JWT_SECRET: 'short' })).toThrow(
      /32/,
    );
  });

  it('defaults: port 8080, SQLite under DATA_DIR, no Redis', () => {
    const c = loadConfig({ DATA_DIR: ':memory:' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe(':memory:');
    expect(c.redisUrl).toBeNull();
    expect(c.providers).toBe('sandbox');
  });

  it('rejects a bad PORT and bad PROVIDERS', () => {
    expect(() => loadConfig({ DATA_DIR: ':memory:', PORT: '99999' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: ':memory:', PROVIDERS: 'fake' })).toThrow(ConfigError);
  });

  it('in production every dev endpoint answers not-found', async () => {
    const config = loadConfig({ NODE_ENV: 'production', PROVIDERS: 'live', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...secrets });
    const handle = connect(':memory:');
    await migrate(handle);
    await seed(handle.db);
    const s = await createServices(config, handle);
    const app = await buildApp(s, { logger: false });
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status_code: 6004, data: null });
    await app.close();
    await s.close();
  });
});
