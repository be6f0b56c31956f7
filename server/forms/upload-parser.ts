import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstValues, FORM_BODY_LIMIT, MAX_FIELDS, multipartBoundary } from './form-body.ts';
import { FormProblem } from './form-problem.ts';
import { DRAIN_MAX_MS, drainRefusedBody } from './upload-drain.ts';
import type { UploadFolder } from './upload-folder.ts';
import { cleanFileName } from './upload-name.ts';
import type { FileProblem, UploadLimits } from './upload-problems.ts';
import { isPartAFile, refuseUnnamed, watchSkippedFiles } from './upload-parts.ts';
import { registerUploadSessions } from './upload-session.ts';

/** A file as it was received: in the upload folder until its post's handler is done (upload-session.ts). */
export interface ReceivedFile {
  /** The name it was sent with, cleaned (cleanFileName). */
  name: string;
  /** Where its bytes wait (removed once the handler is done and the connection closed). */
  path: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
}

/** A multipart form with files: the first value of each text field (a FormBody), and the files. */
class UploadBody extends Map<string, string> {
  constructor(
    fields: Map<string, string>,
    readonly files: readonly ReceivedFile[],
    /** The file parts that could not be kept (upload-parts.ts), each named: the route refuses the post. */
    readonly refused: readonly FileProblem[],
  ) {
    super(fields);
  }
}

/** The files of a post, none when it sent none (or was no multipart post). */
export function receivedFiles(body: unknown): readonly ReceivedFile[] {
  return body instanceof UploadBody ? body.files : [];
}

/**
 * The files of a post that could not be kept (no name, a name that cannot be read, another field),
 * each named: a route that takes files refuses the post when there is any, never drops one.
 */
export function refusedFiles(body: unknown): readonly FileProblem[] {
  return body instanceof UploadBody ? body.refused : [];
}

export interface UploadParserOptions {
  /** The one field files are taken from; files in any other are read and thrown away. */
  field: string;
  limits: UploadLimits;
  folder: UploadFolder;
  /** As for the form's other parsers (registerFormParsers). */
  maxFieldLength: number;
  /**
   * The largest body (the files' total, with room for the fields and the framing). The parser
   * keeps it itself: the route's bodyLimit stays the buffered parsers' (urlencoded) small one.
   */
  bodyLimit: number;
}

/** Counts and hashes a file as it passes, refusing it (and the set) past the limits. */
function meter(
  file: { size: number; hash: ReturnType<typeof createHash> },
  onBytes: (bytes: number) => void,
) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      file.size += chunk.length;
      file.hash.update(chunk);
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
}

/** The state of one streamed body: its fields, its files, the bytes so far, the first problem. */
function uploadState(request: FastifyRequest, options: UploadParserOptions) {
  const paths: string[] = [];
  const writes: Promise<unknown>[] = [];
  // Settled once the parse is over (taken or refused) and every file it opened is closed: only then
  // are the files removed, so none is created after its removal.
  let over: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (over = resolve));
  if (!request.uploads) throw new Error('the upload parser needs registerUploadSessions in its scope');
  const session = request.uploads;
  session.paths = paths;
  session.settled = settled;
  return {
    fields: [] as [string, string][],
    files: [] as ReceivedFile[],
    outputs: [] as Writable[],
    writes,
    paths,
    totalBytes: 0,
    failure: undefined as FormProblem | undefined,
    /** A file was sent in another field than the form's. */
    /** File parts that could not be kept, in the order sent. */
    refused: [] as FileProblem[],
    /** File parts of the form's field so far (a refused one's place among them). */
    position: 0,
    /** A text field longer than the form takes was sent. */
    fieldTooLong: false,
    session,
    async settle() {
      await Promise.allSettled(writes);
      over();
    },
    options,
  };
}
type UploadState = ReturnType<typeof uploadState>;

/** Streams one file part to a new file in the folder, within the limits. */
function receiveFile(
  state: UploadState,
  stream: BusboyFileStream,
  sentName: string,
  fail: (problem: FormProblem) => void,
) {
  const { limits, folder } = state.options;
  if (state.files.length >= limits.maxFiles) {
    stream.resume();
    return fail(filesProblem({ reason: 'too-many', limit: limits.maxFiles }));
  }
  const name = cleanFileName(sentName);
  const path = folder.newFilePath();
  state.paths.push(path);
  const progress = { size: 0, hash: createHash('sha256') };
  stream.once('limit', () =>
    fail(filesProblem({ reason: 'too-large', file: name, limit: limits.maxFileBytes })),
  );
  const counter = meter(progress, (bytes) => {
    state.totalBytes += bytes;
    if (state.totalBytes > limits.maxTotalBytes) {
      fail(filesProblem({ reason: 'total-too-large', limit: limits.maxTotalBytes }));
    }
  });
  const file: ReceivedFile = { name, path, size: 0, sha256: '' };
  state.files.push(file);
  const output = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  state.outputs.push(output);
  // Closed, not only finished: a stream destroyed before its file was opened still creates it.
  const closed = new Promise<void>((resolve) => output.once('close', () => resolve()));
  const written = pipeline(stream, counter, output).then(() => {
    file.size = progress.size;
    file.sha256 = progress.hash.digest('hex');
  });
  state.writes.push(Promise.allSettled([written, closed]));
}

function filesProblem(problem: FileProblem): FormProblem {
  return new FormProblem('files', { fileProblems: [problem] });
}

/** A part of another field with no file name (application/octet-stream): empty, ignored; with bytes, not a form. */
function ignoreUnnamed(stream: Readable, fail: (problem: FormProblem) => void) {
  stream.on('data', () => fail(new FormProblem('malformed')));
  stream.resume();
}

/** Listens to the parser's events, filling `state`; `fail` stops it at the first problem. */
function listen(busboy: ReturnType<typeof Busboy>, state: UploadState, fail: (problem: FormProblem) => void) {
  const { field, maxFieldLength } = state.options;
  busboy.on('file', (name, stream, sentName) => {
    if (state.failure) return stream.resume();
    if (name !== field) {
      if (!sentName) return ignoreUnnamed(stream, fail);
      // A file the form does not take would be lost if it were ignored: refused, by name.
      state.refused.push({ reason: 'field', file: cleanFileName(sentName) });
      return stream.resume();
    }
    const position = ++state.position;
    // The browser's empty file control is ignored; a file with bytes and no name is refused.
    if (!sentName) return refuseUnnamed(stream, position, (problem) => state.refused.push(problem));
    receiveFile(state, stream, sentName, fail);
  });
  busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
    // Refused once the body is read (as the buffered parser does, a file the form refuses first).
    if (valueTruncated || value.length > maxFieldLength) state.fieldTooLong = true;
    else state.fields.push([name, value]);
  });
  busboy.on('fieldsLimit', () => fail(new FormProblem('too-large')));
  busboy.on('partsLimit', () => fail(new FormProblem('too-large')));
  busboy.on('error', (error: unknown) => fail(new FormProblem('malformed', { cause: error })));
}

/**
 * Reads a multipart body as it arrives: text fields as the form's other parsers take them, each
 * file of `field` streamed to its own file in the upload folder (memory does not grow with its
 * size). Past a limit (files, bytes per file, bytes in all, the route's bodyLimit) the post is
 * refused at once, and the rest of the body is read and thrown away (bounded) so the 413 reaches
 * the browser.
 */
async function parseUpload(request: FastifyRequest, payload: IncomingMessage, options: UploadParserOptions) {
  const contentType = request.headers['content-type'] ?? '';
  if (multipartBoundary(contentType) === undefined) throw new FormProblem('malformed');
  const state = uploadState(request, options);
  const { bodyLimit } = options;
  const drainBounds = { maxBytes: 2 * bodyLimit, maxMs: DRAIN_MAX_MS };
  const busboy = Busboy({
    headers: { ...request.headers, 'content-type': contentType },
    limits: {
      fields: MAX_FIELDS,
      fieldSize: 4 * options.maxFieldLength,
      fileSize: options.limits.maxFileBytes,
      parts: 2 * MAX_FIELDS + options.limits.maxFiles,
    },
    isPartAFile: isPartAFile(options.field),
  });
  watchSkippedFiles(busboy, (name) => {
    state.position++;
    state.refused.push({ reason: 'name', file: name });
  });
  return new Promise<UploadBody>((resolve, reject) => {
    let received = 0;
    const fail = (found: FormProblem) => {
      if (state.failure) return;
      // As the buffered parser: a body larger than the fields may take is too large before it is unreadable.
      const problem =
        found.reason === 'malformed' && received - state.totalBytes > FORM_BODY_LIMIT
          ? new FormProblem('too-large', { cause: found })
          : found;
      state.failure = problem;
      payload.unpipe(busboy);
      // The files on their way are abandoned (their pipelines end, the folder is cleaned after the answer).
      // (The files, not their sources: a source already ended would leave its pipeline unsettled.)
      for (const output of state.outputs) output.destroy(new Error('upload refused'));
      void state.settle();
      state.session.draining = !payload.readableEnded && !payload.destroyed;
      // What the visitor typed, as far as it came, for the page a native post gets.
      request.body = new Map(state.fields.toReversed());
      drainRefusedBody(payload, drainBounds);
      reject(problem);
    };
    listen(busboy, state, fail);
    busboy.on('finish', () => {
      void state.settle().then(() => {
        if (state.failure) return;
        if (state.files.some((file) => file.sha256 === '')) return fail(new FormProblem('malformed'));
        // Besides the files, the body is held to what the form's other parsers take (fields, framing).
        if (received - state.totalBytes > FORM_BODY_LIMIT) return fail(new FormProblem('too-large'));
        if (state.fieldTooLong) return fail(new FormProblem('too-large'));
        try {
          const fields = firstValues(state.fields, options.maxFieldLength);
          resolve(new UploadBody(fields, state.files, state.refused));
        } catch (error) {
          fail(error instanceof FormProblem ? error : new FormProblem('malformed', { cause: error }));
        }
      });
    });
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimit) fail(new FormProblem('too-large'));
    });
    payload.once('error', (error) => fail(new FormProblem('malformed', { cause: error })));
    payload.once('close', () => {
      if (!payload.readableEnded) fail(new FormProblem('malformed'));
    });
    if (Number(request.headers['content-length'] ?? 0) > bodyLimit) return fail(new FormProblem('too-large'));
    payload.pipe(busboy);
  });
}

/**
 * Replaces the scope's multipart parser (registerFormParsers) with the streaming one, for a form
 * that takes files; application/x-www-form-urlencoded stays as it is. Each post's files are
 * removed from the folder once its handler is done and its connection closed, on every path (taken,
 * refused, the client gone: registerUploadSessions), and the folder itself when the server closes.
 */
export function registerUploadParser(app: FastifyInstance, options: UploadParserOptions) {
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: IncomingMessage) =>
    parseUpload(request, payload, options),
  );
  registerUploadSessions(app);
  // Fastify closes the connection after a parser's error, with the rest of the body unread: the
  // browser then gets a reset, not the answer. The rest is read instead (drainRefusedBody).
  app.addHook('onSend', async (request, reply) => {
    if (request.uploads?.draining) reply.removeHeader('connection');
  });
  app.addHook('onClose', () => options.folder.remove());
}
