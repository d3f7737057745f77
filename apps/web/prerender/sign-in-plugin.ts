import { createServer, type Plugin, type Rollup } from 'vite';
import type { renderSignInPage } from './render-sign-in.tsx';

/** The file the API sends for /login (apps/api/src/app.ts); index.html serves every other page. */
export const SIGN_IN_HTML = 'login.html';

/**
 * Writes login.html beside index.html: index.html with the sign-in page already drawn in #root and
 * its styles in the head, so /login paints the form from the HTML alone instead of after the entry
 * and the page's chunks have downloaded and run; main.tsx then hydrates it. The page's own chunks
 * are preloaded from the head, as the entry asks for them first thing on /login anyway.
 *
 * The page is rendered in Node by Vite's SSR module loader, from the same source files. The asset
 * is emitted before the compression plugin's step, so it gets .br and .gz copies too.
 */
export function prerenderSignIn(): Plugin {
  let root = '';
  let base = '/';
  let mode = 'production';
  return {
    name: 'portal:prerender-sign-in',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      mode = config.mode;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('index.html is missing from the bundle');
      }
      const server = await createServer({
        root,
        mode,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      let page: Awaited<ReturnType<typeof renderSignInPage>>;
      try {
        const module = await server.ssrLoadModule('/prerender/render-sign-in.tsx');
        page = await (module.renderSignInPage as typeof renderSignInPage)();
      } finally {
        await server.close();
      }
      const preloads = signInChunks(bundle)
        .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
        .join('');
      const emptyRoot = '<div id="root"></div>';
      if (!index.source.includes(emptyRoot)) this.error(`index.html has no ${emptyRoot}`);
      this.emitFile({
        type: 'asset',
        fileName: SIGN_IN_HTML,
        source: index.source
          .replace('</head>', `${preloads}${page.styles}</head>`)
          .replace(emptyRoot, `<div id="root">${page.markup}</div>`),
      });
    },
  };
}

/** The sign-in page's chunk and the chunks it imports, less those the entry already loads. */
function signInChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) {
        const imported = byName.get(file);
        if (imported) visit(imported);
      }
    };
    start.forEach(visit);
    return seen;
  };
  const page = chunks.find((chunk) =>
    chunk.facadeModuleId?.endsWith('/features/auth/LoginPage.tsx'),
  );
  if (!page) throw new Error('no chunk for features/auth/LoginPage.tsx');
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  return [...closure([page])].filter((file) => !entry.has(file));
}
