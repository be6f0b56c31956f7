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
            // Site code that three or more pages share (the layout, mostly); the rest stays with its pages.
            {
              name: 'site',
              test: /[\\/](app|common|node_modules[\\/]lucide-react)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
