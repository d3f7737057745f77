import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules, resourceServices } from '../../src/modules.ts';

describe('the module list (src/modules.ts)', () => {
  it('lists every module folder that has a descriptor, once, by its folder name', () => {
    const root = join(import.meta.dirname, '../../src/modules');
    const folders = readdirSync(root).filter((name) => existsSync(join(root, name, 'module.ts')));
    expect(modules.map((module) => module.name).sort()).toEqual(folders.sort());
  });

  it('serves each engine resource once', () => {
    const names = resourceServices.map((service) => service.definition.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
