/**
 * A named extension point, so a module can have other modules' work done on its events without
 * importing them (which would make a cycle): the owning module declares the hook and runs it, and
 * another module registers a handler from its module.ts. Handlers run in turn, in the caller's
 * transaction when it passes one.
 */
export interface Hook<Args extends unknown[]> {
  readonly name: string;
  /** Registers a module's handler; registering again under the same module name replaces it. */
  register(moduleName: string, handler: (...args: Args) => Promise<unknown>): void;
  run(...args: Args): Promise<void>;
}

export function defineHook<Args extends unknown[]>(name: string): Hook<Args> {
  const handlers = new Map<string, (...args: Args) => Promise<unknown>>();
  return {
    name,
    register(moduleName, handler) {
      handlers.set(moduleName, handler);
    },
    async run(...args) {
      for (const handler of handlers.values()) await handler(...args);
    },
  };
}
