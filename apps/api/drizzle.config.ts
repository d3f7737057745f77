import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every file named schema.ts holds tables: each module's own, and the kernel's (platform/).
  schema: './src/**/schema.ts',
  out: './drizzle',
});
