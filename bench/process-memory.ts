/**
 * The memory of another process, from Linux's /proc/<pid>/status: its resident set now (VmRSS) and
 * the highest it has been since it started (VmHWM, the kernel's own peak, which no sampling misses).
 */
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  rssKb: number;
  peakKb: number;
}

/** Undefined once the process has gone. */
export function readProcessMemory(pid: number): ProcessMemory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

export interface MemorySampler {
  /** Stops sampling: the highest RSS seen, and the last VmHWM read (the peak up to then). */
  stop: () => { sampledPeakKb: number; kernelPeakKb: number; samples: number };
}

/**
 * Samples the process's RSS every `everyMs` until stopped (or until it is gone: a kill -9 keeps what
 * was read before it).
 */
export function sampleProcessMemory(pid: number, everyMs = 100): MemorySampler {
  let sampledPeakKb = 0;
  let kernelPeakKb = 0;
  let samples = 0;
  const read = () => {
    const memory = readProcessMemory(pid);
    if (!memory) return;
    samples++;
    sampledPeakKb = Math.max(sampledPeakKb, memory.rssKb);
    kernelPeakKb = Math.max(kernelPeakKb, memory.peakKb);
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return { sampledPeakKb, kernelPeakKb, samples };
    },
  };
}
