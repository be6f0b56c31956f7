import { destination } from 'pino';
import { readableLine } from './readable-log.ts';

/** How many bytes of access lines wait before they are written. */
const LOG_BUFFER_BYTES = 4096;
/** The longest an access line waits before it is written, in milliseconds. */
export const LOG_FLUSH_MS = 1000;

/** How pino ends an access line (AccessLog's message; pino writes the message last). */
const ACCESS_LINE_END = '"msg":"request completed"}\n';

/**
 * Where the server's log lines go: stdout, or the file or descriptor given. Access lines, one per
 * request, are written in batches of about 4 KiB, or after a second at most:
 * a write per request was the largest share of the CPU time of serving a
 * page. Every other line (start-up, warnings, errors, shutdown) is written at
 * once, after the access lines before it. Whatever is still buffered is
 * written when the process exits (pino flushes on exit, a crash included);
 * only a process killed outright (SIGKILL) loses its last second of access
 * lines. `readable`: for a person at a terminal (development), each line written at once as
 * readable-log.ts shows it, in colour.
 */
export function logDestination(
  dest: number | string = 1,
  { readable = false }: { readable?: boolean } = {},
): { write: (line: string) => void } {
  const stream = destination({
    dest,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  if (readable)
    return {
      write(line) {
        stream.write(readableLine(line, true));
        stream.flush();
      },
    };
  return {
    write(line) {
      stream.write(line);
      if (!line.endsWith(ACCESS_LINE_END)) stream.flush();
    },
  };
}
