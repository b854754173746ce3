import { durationMs } from '../../../lib/duration.js';
import { EntryError } from './common.js';

/**
 * A duration as the platform writes them ('90s', '1h30m', '2d', '1w'), in milliseconds. A bare
 * number is read as seconds.
 */
export function parseDuration(text: string, what: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const ms = durationMs(trimmed, { spaces: true });
  if (ms === undefined) throw new EntryError(`${what} '${text}' is not a duration (e.g. 30s, 1h30m, 2d)`);
  return ms;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
};

/** A size ('100', '10kb', '1.5 MB', '2Gi'), in bytes; the units are powers of 1024. */
export function parseSize(text: string | number, what: string): number {
  if (typeof text === 'number') return text;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgtp]?)(i?b?)\s*$/i.exec(text);
  if (!match) throw new EntryError(`${what} '${text}' is not a size (e.g. 512, 10kb, 1.5mb)`);
  return Math.round(Number(match[1]) * SIZE_UNITS[match[2]!.toLowerCase()]!);
}

/** Bytes in the largest unit that keeps the number at 1 or more: '1.5 MB', '512 B'. */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Milliseconds as '3d4h', '2h5m', '45s', '300ms'. */
export function humanDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  const seconds = Math.floor(ms / 1000);
  const [d, h, m, s] = [
    Math.floor(seconds / 86_400),
    Math.floor(seconds / 3600) % 24,
    Math.floor(seconds / 60) % 60,
    seconds % 60,
  ];
  if (d) return `${d}d${h ? `${h}h` : ''}`;
  if (h) return `${h}h${m ? `${m}m` : ''}`;
  if (m) return `${m}m${s ? `${s}s` : ''}`;
  return `${s}s`;
}
