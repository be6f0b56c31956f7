/**
 * What a virus scanner says of one file's content. The one scanner is clamd (clamd-scanner.ts);
 * without CLAMD_URL there is none, and files are kept marked "not scanned".
 */
export type ScanVerdict =
  | { outcome: 'clean' }
  /** `signature`: what the scanner calls it, e.g. "Eicar-Test-Signature". */
  | { outcome: 'infected'; signature: string }
  /** The scanner is down, slow or refused the file (too large for it): scan again later. */
  | { outcome: 'unavailable'; reason: string };

export interface VirusScanner {
  /**
   * Streams the content to the scanner; never rejects (a failure is `unavailable`). Once `signal` is
   * aborted the scan is given up at once: `unavailable`, its reason the signal's.
   */
  scan(content: AsyncIterable<Uint8Array>, signal?: AbortSignal): Promise<ScanVerdict>;
}
