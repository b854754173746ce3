/**
 * Deterministic randomness for the demo data: one mulberry32 stream per seed, plus helpers
 * that derive everything else (UUIDs, picks, timestamps relative to a fixed "now") from it.
 * Same seed and same "now" give byte-identical data.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1) — mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number, decimals = 2): number {
    const f = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** n distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(n, copy.length));
  }

  /** A random version 4 UUID, from this stream. */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i++)
      hex.push((Math.floor(this.next() * 2 ** 32) >>> 0).toString(16).padStart(8, '0'));
    const s = hex.join('');
    const variant = ((parseInt(s[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += (Math.floor(this.next() * 2 ** 32) >>> 0).toString(16).padStart(8, '0');
    return out.slice(0, length);
  }

  /** A fresh stream derived from this seed and a label, so areas don't shift each other. */
  fork(label: string): Random {
    let h = 2166136261 ^ this.state;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
    return new Random(h >>> 0);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Timestamps relative to one instant captured at load. */
export class Clock {
  constructor(readonly now: Date) {}

  /** ISO text of now minus ms. */
  ago(ms: number): string {
    return new Date(this.now.getTime() - Math.round(ms)).toISOString();
  }

  /** ISO text of now plus ms. */
  ahead(ms: number): string {
    return new Date(this.now.getTime() + Math.round(ms)).toISOString();
  }

  /** A random instant in the last `withinMs` (default 7 days), as ISO text. */
  recent(random: Random, withinMs = 7 * DAY, notBeforeMs = 0): string {
    return this.ago(notBeforeMs + random.next() * (withinMs - notBeforeMs));
  }

  /** ISO text of `iso` plus ms. */
  static plus(iso: string, ms: number): string {
    return new Date(new Date(iso).getTime() + Math.round(ms)).toISOString();
  }
}
