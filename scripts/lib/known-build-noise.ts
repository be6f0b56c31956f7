/**
 * Lines the build's tools print that ask nothing of us, and why each is dropped. A newcomer's first build
 * prints what they need to act on only.
 */
const KNOWN_NOISE: readonly RegExp[] = [
  // React Router 7.18 (the last 7.x) starts Vite servers of its own with `envFile: false`, which Vite 8
  // deprecates; our configuration does not use the option. React Router 8 passes `envDir: false`.
  /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
];

/** Whether a line of the build's output is known noise (ANSI colours ignored). */
function isKnownNoise(line: string): boolean {
  // eslint-disable-next-line no-control-regex -- the colours Vite's logger adds
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return KNOWN_NOISE.some((pattern) => pattern.test(plain));
}

/** The text without its known-noise lines; a partial last line is returned as `rest`, to join the next chunk. */
export function dropKnownNoise(text: string): { kept: string; rest: string } {
  const lines = text.split('\n');
  const rest = lines.pop() ?? '';
  const kept = lines.filter((line) => !isKnownNoise(line));
  return { kept: kept.map((line) => `${line}\n`).join(''), rest };
}
