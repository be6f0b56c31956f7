import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './app/content/site-map';

export default {
  appDirectory: 'app',
  ssr: false,
  prerender: prerenderPaths,
  // React Router v8's behaviour, adopted now (each flag's build printed a warning until it was set).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
