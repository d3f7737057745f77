import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has defaults that need no setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      seedDemo: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.API_HOSTS).toEqual({ hosts: {}, fallback: '/api' });
  });

  it('never seeds in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('parses API_HOSTS into the host map', () => {
    const { API_HOSTS } = loadConfig({
      API_HOSTS: 'portal.example.com=https://api.example.com, *=https://default.example.com',
    });
    expect(API_HOSTS).toEqual({
      hosts: { 'portal.example.com': 'https://api.example.com' },
      fallback: 'https://default.example.com',
    });
  });

  it('stops on a bad value with one line naming it', () => {
    for (const [env, text] of [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ API_HOSTS: 'nonsense' }, 'API_HOSTS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(text);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, so X-Forwarded-For cannot fake the client address', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
  it('takes true or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
  });
});
