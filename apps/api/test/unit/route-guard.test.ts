import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { installAccessControl } from '../../src/platform/access.ts';
import type { Database } from '../../src/platform/database.ts';

// Registration never touches the database; the guard only reads route options.
const noDatabase = {} as Database;

async function register(options: { access?: 'public'; response?: boolean }) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    async (api) => {
      installAccessControl(api, noDatabase, '/api', async () => null);
      api.get('/thing', {
        schema: options.response ? { response: { 200: z.object({}) } } : {},
        config: options.access ? { access: options.access } : {},
        handler: async () => ({}),
      });
    },
    { prefix: '/api' },
  );
  return app.ready();
}

describe('the route guard', () => {
  it('refuses to start with a route that declares no access', async () => {
    await expect(register({ response: true })).rejects.toThrow('GET /api/thing declares no access');
  });
  it('refuses to start with a route without a response schema', async () => {
    await expect(register({ access: 'public' })).rejects.toThrow(
      'GET /api/thing has no response schema',
    );
  });
  it('accepts a route with both', async () => {
    await expect(register({ access: 'public', response: true })).resolves.toBeDefined();
  });
});
