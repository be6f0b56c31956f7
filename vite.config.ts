import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { buildDefines } from './scripts/build-env.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: buildDefines(),
  build: {
    // The build script precompresses every file afterwards.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: every request costs a round of headers, and tiny files compress badly.
        codeSplitting: {
          groups: [
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
          ],
        },
      },
    },
  },
});
