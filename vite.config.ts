import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { buildDefines } from './scripts/build-env.ts';
import { PAGE_RENDERER_DIR } from './server/site/page-renderer-files.ts';

/**
 * Keeps React Router's server build of the app for the page renderer (server/site/page-renderer.ts),
 * which renders the public pages with a release's content exactly as the prerendering does. React
 * Router deletes that build once it has prerendered (ssr: false); this copies it first.
 */
const keepServerBuild: Plugin = {
  name: 'site:keep-server-build',
  writeBundle: {
    sequential: true,
    order: 'pre',
    handler(options) {
      if (this.environment.name !== 'ssr' || !options.dir) return;
      cpSync(options.dir, join(PAGE_RENDERER_DIR, 'server'), { recursive: true });
    },
  },
};

export default defineConfig({
  plugins: [keepServerBuild, tailwindcss(), reactRouter()],
  define: buildDefines(),
  build: {
    // The build script precompresses every file afterwards.
    reportCompressedSize: false,
    rolldownOptions: {
      // Rolldown's report of the slowest plugins on every build: a profiling aid, not something to act on.
      checks: { pluginTimings: false },
      // The page table (in the site chunk) imports the inbox's entries only to list every page for the
      // build; these two modules only declare data, so the import is dropped from the browser's code.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/](app[\\/]content[\\/]admin-pages|common[\\/]inbox-paths)\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Fewer, larger chunks: every request costs a round of headers, and tiny files compress badly.
        codeSplitting: {
          groups: [
            // The inbox's half of the page table and its API contract: data only. The site group below
            // takes the page table with it, and with that every module the table imports; this group,
            // first, keeps these two in a chunk of their own, which the public pages never load (the
            // table's import of them is only for the build, and dropped: see treeshake above).
            {
              name: 'admin-data',
              test: /[\\/](app[\\/]content[\\/]admin-pages|common[\\/]inbox-paths)\.ts$/,
              priority: 3,
            },
            {
              name: 'framework',
              // React, React Router and the bundler's own runtime helpers.
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|rolldown[\\/]runtime/,
              priority: 2,
            },
            // The layout and the small shared pieces every page uses. Content and helpers that only a
            // few pages share are left to automatic chunking, so other pages do not download them.
            {
              name: 'site',
              test: /[\\/](app[\\/](components[\\/](ui|layout)|hooks)|app[\\/]lib[\\/](page-meta|post-form|structured-data)|app[\\/]content[\\/](navigation|service-names|footer)|common[\\/](company|brand-mark|honeypot|newsletter|messages|site-paths)|lucide-react[\\/])/,
              minShareCount: 2,
              priority: 1,
            },
            // The inbox's shared code and the passkey library, in a chunk only /admin pages load; what it
            // imports from the site or the framework stays there. The dashboard's components (and the
            // chart library they load) and the Website section's editor (the content's schema with it)
            // are left out: they go with their routes alone, loaded when those are opened.
            {
              name: 'admin',
              test: /[\\/](app[\\/]components[\\/]admin[\\/](?!(dashboard|website)[\\/])|node_modules[\\/]@simplewebauthn[\\/])/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
