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
  },
});
