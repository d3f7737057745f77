import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module code scopes hand-written queries with tenantScope() (db/columns.ts), never a raw
 * company_id condition, so the tenant rule has one spelling to review and search for.
 * Tables (schema.ts) are exempt: they declare the column, they do not query it.
 */
const RAW_SQL_ALIAS_CONDITIONS_LEFT = 4;
const root = join(import.meta.dirname, '../../src/modules');

const rawConditions = [
  // eq(x.company_id, ...)
  /\beq\(\s*[\w.]+\.company_id\s*,/g,
  // eq(..., x.company_id)
  /\beq\([^(),]+,\s*[\w.]+\.company_id\s*\)/g,
  // sql`... ${x.company_id} = ${...}` and sql`... company_id = ${...}`
  /\$\{[\w.]+\.company_id\}\s*=/g,
  /\bcompany_id\s*=\s*\$\{/g,
];

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') && entry.name !== 'schema.ts' ? [path] : [];
  });
}

function findRawConditions(): string[] {
  return moduleFiles(root).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    // One entry per place, however many patterns match there.
    const found = new Map<number, string>();
    for (const pattern of rawConditions)
      for (const match of text.matchAll(pattern))
        if (!found.has(match.index)) found.set(match.index, match[0].replace(/\s+/g, ' '));
    return [...found].map(([index, what]) => {
      const line = text.slice(0, index).split('\n').length;
      return `${relative(root, file)}:${line}: ${what}`;
    });
  });
}

describe('tenant scope in module code', () => {
  it('writes no raw company_id condition (use tenantScope(table, ctx) from db/columns.ts)', () => {
    // A ratchet: what is left are company_id conditions on aliased tables inside raw SQL
    // subqueries (`b.company_id = ${hrTimecards.company_id}`), 4 today. Lower it as they go; it
    // never goes up.
    const found = findRawConditions();
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(RAW_SQL_ALIAS_CONDITIONS_LEFT);
    expect(
      found.every((where) => where.endsWith('company_id = ${')),
      found.join('\n'),
    ).toBe(true);
  });

  it('the check finds what it is meant to find', () => {
    const sample = 'and(eq(users.company_id, ctx.companyId), eq(\n  stores.company_id,\n  id))';
    expect(sample.match(rawConditions[0] ?? /$^/)).toHaveLength(2);
    expect(
      'sql`${userStores.company_id} = ${companyId}`'.match(rawConditions[2] ?? /$^/),
    ).toHaveLength(1);
  });
});
