import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrationsFolder, openPglite } from '../../src/platform/database.ts';
import {
  checkMigrationOrder,
  MigrationOrderError,
  readJournal,
} from '../../src/platform/migrations.ts';
import { hashPassword } from '../../src/platform/passwords.ts';

/**
 * Upgrades never lose data (issue 12 item 7): a database made by the previous release (migrated
 * to its last migration, with data in it) migrates to this release, and the data is all there
 * and usable. The previous release ended at migration 0013.
 */
const PREVIOUS_RELEASE = '0013_auto_clockout_corrections';
const PASSWORD = 'Upgrade-Kestrel-Lantern-77';
const secret = new Secret({ size: 20 }).base32;

let folder: string;
let oldRelease: Blob;
beforeAll(async () => {
  // The migrations folder as the previous release shipped it.
  folder = mkdtempSync(join(tmpdir(), 'portal-upgrade-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === PREVIOUS_RELEASE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));

  const old = await openPglite({ migrationsFolder: folder });
  const hash = await hashPassword(PASSWORD);
  await old.client.exec(`
    insert into companies (id, name) values (900, 'Upgrade Mobile');
    insert into roles (company_id, id, name, base_role, access_level)
      values (900, 9001, 'Upgrade Agent', 'master_agent', 4);
    insert into users (company_id, id, email, first_name, last_name, role_id, access_level)
      values (900, 9002, 'kept@upgrade.example', 'Kept', 'Across', 9001, 4);
    insert into user_identities (email, company_id, user_id, password_hash, two_factor_method, totp_secret)
      values ('kept@upgrade.example', 900, 9002, '${hash}', 'totp', '${secret}');
  `);
  oldRelease = await old.client.dumpDataDir('none');
  await old.close();
}, 240_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Each case migrates a whole database on PGlite: minutes on a busy machine.
describe('upgrade from the previous release', { timeout: 240_000 }, () => {
  it('migrates its database with the data kept, secrets sealed, and the account signing in', async () => {
    const current = await openPglite({ loadDataDir: oldRelease });
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-upgrade-data-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      db: current.db,
      logger: false,
    });
    try {
      await app.ready();
      // On the system path: the engine itself now runs as the app role under row-level security.
      const users = (await current.system.execute(
        sql`select email, first_name from users where company_id = 900`,
      )) as unknown as { rows: { email: string; first_name: string }[] };
      expect(users.rows).toEqual([{ email: 'kept@upgrade.example', first_name: 'Kept' }]);
      const sealed = (await current.system.execute(
        sql`select totp_secret from user_identities where email = 'kept@upgrade.example'`,
      )) as unknown as { rows: { totp_secret: string }[] };
      expect(sealed.rows[0]?.totp_secret).toMatch(/^v1\./);

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'kept@upgrade.example', password: PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const challenge = login.json<{ twoFactorToken: string; twoFactorMethod: string }>();
      expect(challenge.twoFactorMethod).toBe('totp');
      const code = new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate();
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/2factor/verify',
        payload: { token: challenge.twoFactorToken, code },
      });
      expect(verified.statusCode, verified.body).toBe(200);

      // The upgraded identities are unique per company (0053): the same email may sign in at a
      // second company, and the same password then offers both.
      for (const statement of [
        sql`insert into companies (id, name) values (901, 'Upgrade Second')`,
        sql`insert into roles (company_id, id, name, base_role, access_level)
          values (901, 9011, 'Second Agent', 'master_agent', 4)`,
        sql`insert into users (company_id, id, email, first_name, last_name, role_id, access_level)
          values (901, 9012, 'kept@upgrade.example', 'Kept', 'Twice', 9011, 4)`,
        sql`insert into user_identities (email, company_id, user_id, password_hash)
          select email, 901, 9012, password_hash from user_identities where company_id = 900`,
      ])
        await current.system.execute(statement);
      const both = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'kept@upgrade.example', password: PASSWORD },
      });
      expect(both.statusCode, both.body).toBe(200);
      expect(
        both.json<{ companyChoice: { companies: { id: number; name: string }[] } }>().companyChoice
          .companies,
      ).toEqual([
        { id: 900, name: 'Upgrade Mobile' },
        { id: 901, name: 'Upgrade Second' },
      ]);
    } finally {
      await app.close();
      await current.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a database missing a migration added out of order, naming it', async () => {
    const current = await openPglite({ loadDataDir: oldRelease });
    const journal = readJournal(migrationsFolder());
    const skipped = journal.find((entry) => entry.idx === 15);
    if (!skipped) throw new Error('no migration 0015');
    // As a development database that never got it: the later ones applied, this one not.
    // As the owner (the engine itself, before any query of the app's role).
    await current.client.query('delete from drizzle.__drizzle_migrations where created_at = $1', [
      skipped.when,
    ]);
    const dump = await current.client.dumpDataDir('none');
    await current.close();
    await expect(openPglite({ loadDataDir: dump })).rejects.toThrow(MigrationOrderError);
    await expect(openPglite({ loadDataDir: dump })).rejects.toThrow(skipped.tag);
  });
});

describe('migration order', () => {
  const journal = [
    { idx: 0, tag: '0000_a', when: 100 },
    { idx: 1, tag: '0001_b', when: 200 },
    { idx: 2, tag: '0002_c', when: 300 },
  ];
  it('accepts the committed journal, a new database and one part-way', () => {
    expect(() => checkMigrationOrder(readJournal(migrationsFolder()), [])).not.toThrow();
    expect(() => checkMigrationOrder(journal, [])).not.toThrow();
    expect(() => checkMigrationOrder(journal, [100, 200])).not.toThrow();
  });
  it('refuses a journal whose dates do not rise with its order', () => {
    const late = [...journal, { idx: 3, tag: '0003_d', when: 250 }];
    expect(() => checkMigrationOrder(late, [])).toThrow(/0003_d is dated .* not after 0002_c/);
  });
  it('refuses a database that skipped one, or was migrated by another release', () => {
    expect(() => checkMigrationOrder(journal, [100, 300])).toThrow(/missing migration\(s\) 0001_b/);
    expect(() => checkMigrationOrder(journal, [100, 200, 300, 400])).toThrow(/another release/);
  });
});
