/**
 * Lines the build's tools print that ask nothing of us, and why each is dropped. A newcomer's first build
 * prints what they need to act on only, and a short summary: errors and warnings always pass through.
 */
const KNOWN_NOISE: readonly RegExp[] = [
  // React Router 7.18 (the last 7.x) starts Vite servers of its own with `envFile: false`, which Vite 8
  // deprecates; our configuration does not use the option. React Router 8 passes `envDir: false`.
  /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
  // Said on every build because react-router.config.ts adopts React Router 8's Vite Environment API
  // (future.v8_viteEnvironmentApi) now, on purpose.
  /^Using Vite Environment API \(experimental\)$/,
];

/** One file Vite wrote, as its reporter lists it: `build/client/assets/x-Hash.js   12.34 kB`. */
const WRITTEN_FILE = /^(build\/[^/\s]+)\/\S+\s+([\d,.]+) kB\b/;
/** One page React Router prerendered: `Prerender (html): /about -> build/client/about/index.html`. */
const PRERENDERED = /^Prerender \(\w+\): /;

/** A line without the colours Vite's logger adds, trimmed. */
function plain(line: string): string {
  // eslint-disable-next-line no-control-regex -- the colours Vite's logger adds
  return line.replace(/\u001b\[[0-9;]*m/g, '').trim();
}

/** Whether a line of the build's output is known noise (ANSI colours ignored). */
function isKnownNoise(line: string): boolean {
  return KNOWN_NOISE.some((pattern) => pattern.test(plain(line)));
}

/** The text without its known-noise lines; a partial last line is returned as `rest`, to join the next chunk. */
export function dropKnownNoise(text: string): { kept: string; rest: string } {
  const lines = text.split('\n');
  const rest = lines.pop() ?? '';
  const kept = lines.filter((line) => !isKnownNoise(line));
  return { kept: kept.map((line) => `${line}\n`).join(''), rest };
}

/**
 * The build's output as a person reads it: known noise dropped, and the list of every file written
 * (about a hundred lines) and of every page prerendered each folded into one line, said where the list
 * ended. Feed it chunks as they come (`push`), then `end()`.
 */
export function createBuildOutputFilter() {
  let pending = '';
  let files = { folder: '', count: 0, kB: 0 };
  let pages = 0;
  const summary = () => {
    const lines = [
      ...(files.count > 0
        ? [
            `  ${files.count} file${files.count === 1 ? '' : 's'} written to ${files.folder} (${Math.round(files.kB).toLocaleString('en')} kB)`,
          ]
        : []),
      ...(pages > 0 ? [`  ${pages} page${pages === 1 ? '' : 's'} prerendered`] : []),
    ];
    files = { folder: '', count: 0, kB: 0 };
    pages = 0;
    return lines.map((line) => `${line}\n`).join('');
  };
  const take = (line: string): string => {
    const text = plain(line);
    const written = WRITTEN_FILE.exec(text);
    if (written?.[1] && written[2]) {
      const flushed = files.folder !== '' && files.folder !== written[1] ? summary() : '';
      files = {
        folder: written[1],
        count: files.count + 1,
        kB: files.kB + Number(written[2].replace(/,/g, '')),
      };
      return flushed;
    }
    // The files React Router cleans from the server build, listed after its "✓ N assets cleaned" line.
    if (/^build\/\S+$/.test(text)) return '';
    if (PRERENDERED.test(text)) {
      pages += 1;
      return '';
    }
    if (isKnownNoise(line)) return '';
    // A blank line inside a list Vite spaces out is not worth its own line once the list is folded.
    if (text === '' && (files.count > 0 || pages > 0)) return '';
    return `${summary()}${line}\n`;
  };
  return {
    push(chunk: string): string {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      return lines.map(take).join('');
    },
    end(): string {
      const last = pending === '' ? '' : take(pending);
      pending = '';
      return `${last}${summary()}`;
    },
  };
}
