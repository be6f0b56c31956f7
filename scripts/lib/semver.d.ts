/** semver ships no types (and @types/semver is not installed): the two functions scripts/node-engines.test.ts uses. */
declare module 'semver' {
  export function satisfies(version: string, range: string): boolean;
  export function minVersion(range: string): { version: string } | null;
}
