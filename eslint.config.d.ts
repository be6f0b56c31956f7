/** The types of what eslint.config.js exports to the tests (server/features.test.ts reads the features' needs). */
export declare const FEATURE_NEEDS: Readonly<Record<string, readonly string[]>>;
declare const config: unknown;
export default config;
