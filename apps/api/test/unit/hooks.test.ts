import { describe, expect, it } from 'vitest';
import { defineHook } from '../../src/platform/hooks.ts';

describe('module hooks', () => {
  it('runs every registered handler in turn with the arguments', async () => {
    const seen: string[] = [];
    const hook = defineHook<[id: number]>('test.ran');
    hook.register('a', async (id) => void seen.push(`a${id}`));
    hook.register('b', async (id) => void seen.push(`b${id}`));
    await hook.run(7);
    expect(seen).toEqual(['a7', 'b7']);
  });

  it('keeps one handler per module: registering again replaces it', async () => {
    const seen: string[] = [];
    const hook = defineHook<[]>('test.replaced');
    hook.register('a', async () => void seen.push('first'));
    hook.register('a', async () => void seen.push('second'));
    await hook.run();
    expect(seen).toEqual(['second']);
  });

  it('stops at a handler that throws, so the caller’s transaction rolls back', async () => {
    const seen: string[] = [];
    const hook = defineHook<[]>('test.refused');
    hook.register('a', async () => {
      throw new Error('refused');
    });
    hook.register('b', async () => void seen.push('b'));
    await expect(hook.run()).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });
});
