import { defineConfig, type Plugin } from 'vite';
import { buildDefines } from './scripts/build-env.ts';

/**
 * The public pages' scripts, built apart from React Router's (which only the
 * inbox under /admin loads): `site` (the menu and the newsletter form, no
 * framework) on every page, and the React islands of the pages that have
 * them (the home page's banner and quote section, each hydrated as its own root
 * by one script, which holds React); the quote form's code is a chunk of its own, loaded when the
 * visitor goes for the form (docs/decisions/071-the-quote-form-loads-when-wanted.md).
 * The build adds them to the pages that have those parts (common/island-scripts.ts).
 */
/**
 * The islands' chunks loaded on demand (the quote form, when wanted; its file list, on the first file
 * chosen) import only what the page has already loaded and no CSS: nothing to preload. Vite's preload helper would
 * still cost the home page's script 0.7 KB gzip of its budget; this one just imports.
 */
const importWithoutPreload: Plugin = {
  name: 'islands:import-without-preload',
  enforce: 'pre',
  load(id) {
    return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined;
  },
};

export default defineConfig({
  define: buildDefines(),
  plugins: [importWithoutPreload],
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    // Read, then deleted, by the build step that adds the scripts to the pages.
    manifest: 'islands-manifest.json',
    reportCompressedSize: false,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown's report of the slowest plugins on every build: a profiling aid, not something to act on.
      checks: { pluginTimings: false },
      // lucide-react (the pages' prerendered icons) marks a module "use client": meaningless here.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      input: {
        site: 'app/islands/site.ts',
        home: 'app/islands/home.tsx',
      },
      output: {
        // The site script's modules stay in its own file even when an island shares one (the quote
        // form posts like the newsletter form does): every page loads that file anyway.
        codeSplitting: {
          groups: [
            {
              name: 'site',
              test: /[\\/](app[\\/](islands[\\/](site|newsletter-form)|lib[\\/]post-form|content[\\/]footer|components[\\/]layout[\\/]mobile-menu)|common[\\/]newsletter)\.ts$/,
            },
          ],
        },
        // V8's explicit compile hint (Chrome 136+): every function in these files runs while the page
        // starts, so V8 compiles them all at once on a background thread as the file streams in,
        // instead of one by one on the main thread when React first calls them. This takes React
        // DOM's start-up from one long task to a few short ones. After minification, so it stays.
        postBanner: '//# allFunctionsCalledOnLoad',
        entryFileNames: 'assets/island-[name]-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
      },
    },
  },
});
