import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A file's precompressed forms; each is left out when it is not smaller than the file. */
export interface Precompressed {
  readonly br?: Buffer;
  readonly gz?: Buffer;
}

/**
 * Brotli at its best quality and gzip at level 9: what the build writes beside every text file
 * (scripts/compress-build.ts) and the page renderer beside every page it renders.
 */
export function precompress(data: Buffer): Precompressed {
  const br = brotliCompressSync(data, brotliOptions(data));
  const gz = gzipSync(data, { level: 9 });
  return {
    ...(br.length < data.length ? { br } : {}),
    ...(gz.length < data.length ? { gz } : {}),
  };
}

function brotliOptions(data: Buffer) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  };
}

const brotliInThePool = promisify(brotliCompress);

/**
 * Brotli as precompress does it, in libuv's thread pool: a server that runs keeps answering meanwhile
 * (its best quality takes a tenth of a second or more for a page).
 */
export function brotliInBackground(data: Buffer): Promise<Buffer> {
  return brotliInThePool(data, brotliOptions(data));
}
