// The boundary and no-cycle check (`npm run lint` runs it; docs/ARCHITECTURE.md explains the rules).
// Known violations that are not fixed yet are listed in .dependency-cruiser-known-violations.json
// (a ratchet: the check ignores exactly those, any new one fails). Regenerate it only when you
// REMOVE violations: `npm run boundaries:baseline`.

const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles between files, anywhere (API, web, contract). A cycle closed only by a ' +
        '`import type` is allowed: it does not exist at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-module-cycles',
      comment:
        'No cycles between folders: API modules (modules/<name>) and web features form a directed graph. ' +
        'A cycle through a kernel folder means the kernel imports a module, which kernel-imports-no-module forbids.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-module',
      comment:
        'The shared kernel (platform/, db/columns.ts, config.ts, @portal/contract) knows no domain module ' +
        '(platform/schema.ts, the kernel tables, is excluded below).',
      severity: 'error',
      from: { path: [`${API}platform/`, `${API}db/`, `${API}config\\.ts$`, '^packages/contract/'] },
      to: { path: MODULES },
    },
    {
      name: 'module-public-entry',
      comment:
        'A module uses another module only through its public entry: module.ts (its descriptor), api.ts ' +
        '(the functions it exports to other modules) or hooks.ts (its extension points). Never its ' +
        "schema.ts tables, services, routes or internals. A module's schema.ts may reference another " +
        "module's schema.ts in foreign keys.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: `${MODULES}[^/]+/schema\\.ts$` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(module|api|hooks)\\.ts$`],
      },
    },
    {
      name: 'contract-is-a-leaf',
      comment: 'The contract (zod schemas shared by API and web) imports nothing from the apps.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-and-web-apart',
      comment: 'The API and the web app share code only through @portal/contract.',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-platform-knows-no-feature',
      comment: 'Web imports go one way: app -> features -> platform -> contract.',
      severity: 'error',
      from: { path: `${WEB}platform/` },
      to: { path: [`${WEB}features/`, `${WEB}app/`] },
    },
    {
      name: 'web-features-below-app',
      comment: 'Web imports go one way: app -> features -> platform -> contract.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-no-barrels',
      comment:
        'No barrel files in the web app: import a thing from the file that defines it, never through a re-export.',
      severity: 'error',
      from: { path: WEB },
      to: { dependencyTypes: ['export'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        'node_modules',
        '/dist',
        // The kernel's tables (foreign keys to companies and users): a table list, not code. Seen by
        // the folder-cycle rule it would put every module in one cycle with platform/.
        `${API}platform/schema\\.ts$`,
      ],
    },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'types', 'default'],
      exportsFields: ['exports'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
