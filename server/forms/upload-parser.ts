import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstValues, MAX_FIELDS, multipartBoundary } from './form-body.ts';
import { FormProblem } from './form-problem.ts';
import { DRAIN_MAX_MS, drainRefusedBody } from './upload-drain.ts';
import type { UploadFolder } from './upload-folder.ts';
import { cleanFileName } from './upload-name.ts';
import type { FileProblem, UploadLimits } from './upload-problems.ts';

/** A file as it was received: in the upload folder until the answer is sent. */
export interface ReceivedFile {
  /** The name it was sent with, cleaned (cleanFileName). */
  name: string;
  /** Where its bytes wait (removed after the answer). */
  path: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
}

/** A multipart form with files: the first value of each text field (a FormBody), and the files. */
export class UploadBody extends Map<string, string> {
  constructor(
    fields: Map<string, string>,
    readonly files: readonly ReceivedFile[],
  ) {
    super(fields);
  }
}

/** The files of a post, none when it sent none (or was no multipart post). */
export function receivedFiles(body: unknown): readonly ReceivedFile[] {
  return body instanceof UploadBody ? body.files : [];
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

interface UploadSession {
  paths: string[];
  /** Every file written or abandoned: nothing more will appear in the folder for this request. */
  settled: Promise<unknown>;
  /** The post was refused while its body was still coming: the rest is being read and thrown away. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The files this post put in the upload folder (removed once the answer is sent). */
    uploads?: UploadSession;
  }
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
  const session: UploadSession = { paths, settled: Promise.resolve(), draining: false };
  request.uploads = session;
  return {
    fields: [] as [string, string][],
    files: [] as ReceivedFile[],
    outputs: [] as Writable[],
    writes,
    paths,
    totalBytes: 0,
    failure: undefined as FormProblem | undefined,
    session,
    settle() {
      session.settled = Promise.allSettled(writes);
      return session.settled;
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

/** A part with no file name: the browser's "no file chosen", empty, is ignored; with bytes it is not a form. */
function ignoreUnnamed(stream: Readable, fail: (problem: FormProblem) => void) {
  stream.on('data', () => fail(new FormProblem('malformed')));
  stream.resume();
}

/** Listens to the parser's events, filling `state`; `fail` stops it at the first problem. */
function listen(busboy: ReturnType<typeof Busboy>, state: UploadState, fail: (problem: FormProblem) => void) {
  const { field, maxFieldLength } = state.options;
  busboy.on('file', (name, stream, sentName) => {
    if (state.failure) return stream.resume();
    if (name !== field) return stream.resume();
    if (!sentName) return ignoreUnnamed(stream, fail);
    receiveFile(state, stream, sentName, fail);
  });
  busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated || value.length > maxFieldLength) fail(new FormProblem('too-large'));
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
  });
  return new Promise<UploadBody>((resolve, reject) => {
    const fail = (problem: FormProblem) => {
      if (state.failure) return;
      state.failure = problem;
      payload.unpipe(busboy);
      // The files on their way are abandoned (their pipelines end, the folder is cleaned after the answer).
      // (The files, not their sources: a source already ended would leave its pipeline unsettled.)
      for (const output of state.outputs) output.destroy(new Error('upload refused'));
      void state.settle();
      state.session.draining = !payload.readableEnded && !payload.destroyed;
      drainRefusedBody(payload, drainBounds);
      reject(problem);
    };
    listen(busboy, state, fail);
    busboy.on('finish', () => {
      void state.settle().then(() => {
        if (state.failure) return;
        if (state.writes.length > 0 && state.files.some((file) => file.sha256 === '')) {
          return fail(new FormProblem('malformed'));
        }
        try {
          resolve(new UploadBody(firstValues(state.fields, options.maxFieldLength), state.files));
        } catch (error) {
          fail(error instanceof FormProblem ? error : new FormProblem('malformed', { cause: error }));
        }
      });
    });
    let received = 0;
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

/** Removes a post's files once its answer is sent, or its connection closed, whatever happened. */
async function removeUploads(request: FastifyRequest) {
  const session = request.uploads;
  if (!session) return;
  await session.settled;
  await Promise.all(session.paths.map((path) => rm(path, { force: true })));
}

/**
 * Replaces the scope's multipart parser (registerFormParsers) with the streaming one, for a form
 * that takes files; application/x-www-form-urlencoded stays as it is. Each post's files are
 * removed from the folder after its answer, on every path (taken, refused, the client gone), and
 * the folder itself when the server closes.
 */
export function registerUploadParser(app: FastifyInstance, options: UploadParserOptions) {
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: IncomingMessage) =>
    parseUpload(request, payload, options),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      removeUploads(request).catch((error: unknown) =>
        request.log.warn({ err: error }, 'an upload could not be removed'),
      );
    });
  });
  // Fastify closes the connection after a parser's error, with the rest of the body unread: the
  // browser then gets a reset, not the answer. The rest is read instead (drainRefusedBody).
  app.addHook('onSend', async (request, reply) => {
    if (request.uploads?.draining) reply.removeHeader('connection');
  });
  app.addHook('onClose', () => options.folder.remove());
}
