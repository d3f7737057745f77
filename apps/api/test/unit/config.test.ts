import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
      [{ HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: 'hourly' }, 'HR_AUTO_CLOCKOUT_INTERVAL_SECONDS'],
      [{ HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: '-5' }, 'HR_AUTO_CLOCKOUT_INTERVAL_SECONDS'],
      [{ LIVE_HEARTBEAT_SECONDS: 'often' }, 'LIVE_HEARTBEAT_SECONDS'],
      [{ LIVE_HEARTBEAT_SECONDS: '90' }, 'LIVE_HEARTBEAT_SECONDS'],
      [{ FACE_MATCH_THRESHOLD: 'strict' }, 'FACE_MATCH_THRESHOLD'],
      [{ FACE_MATCH_THRESHOLD: '2' }, 'FACE_MATCH_THRESHOLD'],
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

describe('the job, live-stream and face variables', () => {
  it('have their defaults and take good values', () => {
    expect(loadConfig({})).toMatchObject({
      HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: 60,
      LIVE_HEARTBEAT_SECONDS: 20,
      FACE_MATCH_THRESHOLD: 0.5,
    });
    expect(
      loadConfig({
        HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: '0',
        LIVE_HEARTBEAT_SECONDS: '5',
        FACE_MATCH_THRESHOLD: '0.45',
      }),
    ).toMatchObject({
      HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: 0,
      LIVE_HEARTBEAT_SECONDS: 5,
      FACE_MATCH_THRESHOLD: 0.45,
    });
  });
});

describe('the environment', () => {
  it('is read in config.ts only', () => {
    const src = join(import.meta.dirname, '../../src');
    const readers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes('process.env'));
    expect(readers).toEqual(['config.ts']);
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

describe('HOST and the dev mailbox', () => {
  it('listens on loopback by default outside production, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
  it('serves the dev mailbox on loopback only, unless DEV_MAILBOX=true', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.10' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).devMailbox).toBe(false);
  });
  it('refuses DEV_MAILBOX=true with SMTP_URL or in production', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /DEV_MAILBOX/,
    );
    expect(() => loadConfig({ DEV_MAILBOX: 'true', NODE_ENV: 'production' })).toThrow(
      /DEV_MAILBOX/,
    );
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });
});
