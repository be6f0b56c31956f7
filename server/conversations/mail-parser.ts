import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IncomingMail } from './incoming-mail.ts';
import type { ParseReply, ParseRequest } from './mail-parse-thread.ts';

/** A message the parser could not read: too slow, too much memory, or the parser failed on it. */
export class UnreadableMail extends Error {}

export interface MailParserOptions {
  /** How long one message may take to read (then its thread is ended): 20 s. */
  timeoutMs?: number;
  /** The thread's heap (V8's old generation), in MB: 256. Past it, the thread is ended. */
  maxMemoryMb?: number;
  /** An idle thread is ended after this long (it is started again for the next message): 30 s. */
  idleMs?: number;
}

/** A message as read: the mail, and the SHA-256 of its raw bytes (hex). */
export interface ParsedMessage {
  mail: IncomingMail;
  sha256: string;
}

export interface MailParser {
  /**
   * Reads one message on the parser's thread, with its raw bytes' SHA-256; rejects with UnreadableMail
   * when the message is at fault.
   */
  parse(raw: Buffer): Promise<ParsedMessage>;
  /** Starts the thread now, if none is running, so that the first message does not wait for it. */
  warm(): void;
  /** Ends the thread (after the message being read, if any). */
  close(): Promise<void>;
}

/** How long a thread may take to start (load the parser): a failure here is no message's fault. */
const START_TIMEOUT_MS = 60_000;

/** The thread's file beside this one: .js in the build, .ts when run from source (tsx, tests). */
const threadFile = new URL(`./mail-parse-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** The thread's entry: the built file, or from source a module that registers tsx's loader first. */
function threadEntry(): URL {
  if (!threadFile.pathname.endsWith('.ts')) return threadFile;
  const loader = import.meta.resolve('tsx/esm/api');
  const module = `import { register } from ${JSON.stringify(loader)};
register();
await import(${JSON.stringify(threadFile.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(module)}`);
}

/** Starts a thread; resolves once it has loaded the parser. */
function startThread(maxMemoryMb: number): Promise<Worker> {
  const worker = new Worker(threadEntry(), {
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 16 },
  });
  worker.unref();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('the mail parser did not start within 60 s')),
      START_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(new Error(`the mail parser could not start: ${error.message}`));
    };
    const onExit = (code: number) => fail(new Error(`its thread stopped with code ${code}`));
    const onReady = (reply: ParseReply) => {
      clearTimeout(timer);
      // Only its own listeners: the worker's are how its port is kept listening.
      worker.off('error', fail).off('exit', onExit);
      if (reply === 'ready') resolve(worker);
      else fail(new Error('it answered before it was ready'));
    };
    worker.once('error', fail).once('exit', onExit).once('message', onReady);
  });
}

/** The mail as the thread posted it: its files' content back as Buffers. */
function revived(mail: IncomingMail): IncomingMail {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...mail,
    attachments: mail.attachments.map((file) => ({ ...file, content: buffer(file.content) })),
  };
}

/** "20 s", or "1 ms" under a second. */
const duration = (ms: number) => (ms >= 1_000 ? `${Math.round(ms / 1_000)} s` : `${ms} ms`);

/** Why a thread stopped, in staff words. */
function stoppedBecause(error: Error & { code?: string }): string {
  return error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? 'it needs more memory to read than a message is given'
    : error.message;
}

/**
 * Posts one message to the thread; settles with its answer, or when its time runs out or the thread
 * stops (then `ended` is called: the thread is done with).
 */
function readOn(
  worker: Worker,
  { id, raw, timeoutMs }: { id: number; raw: Buffer; timeoutMs: number },
  ended: () => void,
): Promise<ParsedMessage> {
  return new Promise<ParsedMessage>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new UnreadableMail(`it takes longer than ${duration(timeoutMs)} to read`)));
      ended();
    }, timeoutMs);
    const onMessage = (reply: ParseReply) => {
      if (reply === 'ready' || reply.id !== id) return;
      settle(() =>
        'error' in reply
          ? reject(new UnreadableMail(reply.error))
          : resolve({ mail: revived(reply.mail), sha256: reply.sha256 }),
      );
    };
    const onError = (error: Error) => {
      settle(() => reject(new UnreadableMail(stoppedBecause(error))));
      ended();
    };
    const onExit = (code: number) => onError(new Error(`the mail parser stopped with code ${code}`));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A copy, handed over (transferred) rather than serialized: the caller keeps its own.
    const copy = new Uint8Array(raw);
    worker.postMessage({ id, raw: copy } satisfies ParseRequest, [copy.buffer]);
  });
}

/**
 * Reads mail on a thread of its own (worker_threads), so that a message the parser takes long over (a
 * huge or deeply nested HTML part) never holds the server's thread: one message at a time, each within
 * a time and a memory limit; past either, the thread is ended (a new one reads the next message) and
 * the message is UnreadableMail.
 */
export function createMailParser(options: MailParserOptions = {}): MailParser {
  const { timeoutMs = 20_000, maxMemoryMb = 256, idleMs = 30_000 } = options;
  let thread: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  let ids = 0;

  /** Ends this thread, and forgets it if it is still the one in use. */
  const end = (started: Promise<Worker>, worker: Worker) => {
    if (thread === started) thread = undefined;
    void worker.terminate();
  };

  /** The thread in use, started if there is none (forgotten if it fails to start). */
  function current(): Promise<Worker> {
    if (thread) return thread;
    const started = startThread(maxMemoryMb);
    started.catch(() => {
      if (thread === started) thread = undefined;
    });
    return (thread = started);
  }

  /** Ends the thread once it has been idle for idleMs. */
  function idleEnd(started: Promise<Worker>) {
    clearTimeout(idle);
    idle = setTimeout(
      () =>
        void started.then(
          (worker) => end(started, worker),
          () => undefined,
        ),
      idleMs,
    );
    idle.unref();
  }

  async function run(raw: Buffer): Promise<ParsedMessage> {
    clearTimeout(idle);
    const started = current();
    const worker = await started;
    try {
      return await readOn(worker, { id: (ids += 1), raw, timeoutMs }, () => end(started, worker));
    } finally {
      idleEnd(started);
    }
  }

  return {
    warm() {
      if (!thread) idleEnd(current());
    },
    parse(raw) {
      const parsed = queue.then(() => run(raw));
      queue = parsed.catch(() => undefined);
      return parsed;
    },
    async close() {
      await queue;
      clearTimeout(idle);
      const current = thread;
      thread = undefined;
      if (current)
        await current.then(
          (worker) => worker.terminate(),
          () => undefined,
        );
    },
  };
}
