/**
 * Reading an evidence's payload (spec 2 §3): config and log evidence hold `lines` (config also
 * `selected_lines`, keyed by 1-based line number), check evidence `start` and `includeMessages`.
 * Payloads are JSON written by many hands, so every reader tolerates a missing or odd shape.
 */
import { durationToMs, resolveExpression } from '../../../lib/time-range/index.js';
import type { Evidence } from '../types.js';

/** Lines shown before and after each selected config line. */
export const CONTEXT_LINES = 3;

export type ExcerptRow = { kind: 'line'; number: number; text: string; selected: boolean } | { kind: 'gap' };

const payload = (evidence: Pick<Evidence, 'evidence'>) => evidence.evidence ?? {};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The selected line numbers of a config evidence, ascending. */
export function selectedLineNumbers(evidence: Pick<Evidence, 'evidence'>): number[] {
  const selected = payload(evidence).selected_lines;
  const keys = Array.isArray(selected)
    ? selected
    : selected && typeof selected === 'object'
      ? Object.keys(selected)
      : [];
  return [...new Set(keys.map(Number).filter((n) => Number.isInteger(n) && n > 0))].sort((a, b) => a - b);
}

/**
 * The config lines to show: each selected line with CONTEXT_LINES lines around it, a gap wherever
 * lines are left out (before, between, after); every line when none is selected.
 */
export function configExcerpt(evidence: Pick<Evidence, 'evidence'>, context = CONTEXT_LINES): ExcerptRow[] {
  const raw = payload(evidence).lines;
  const lines = Array.isArray(raw) ? raw.map(asText) : [];
  const selected = new Set(selectedLineNumbers(evidence));
  const shown = (number: number) =>
    selected.size === 0 || [...selected].some((line) => number >= line - context && number <= line + context);
  const rows: ExcerptRow[] = [];
  lines.forEach((text, index) => {
    const number = index + 1;
    if (!shown(number)) {
      if (rows[rows.length - 1]?.kind !== 'gap') rows.push({ kind: 'gap' });
      return;
    }
    rows.push({ kind: 'line', number, text, selected: selected.has(number) });
  });
  return rows;
}

export interface LogLine {
  timestamp?: string;
  message: string;
  labels: Record<string, string>;
}

export function logLines(evidence: Pick<Evidence, 'evidence'>): LogLine[] {
  const raw = payload(evidence).lines;
  if (!Array.isArray(raw)) return [];
  return raw.map((line: unknown) => {
    if (line && typeof line === 'object') {
      const { timestamp, message, labels } = line as Record<string, unknown>;
      return {
        timestamp: typeof timestamp === 'string' ? timestamp : undefined,
        message: asText(message ?? ''),
        labels:
          labels && typeof labels === 'object'
            ? Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, asText(v)]))
            : {},
      };
    }
    return { message: asText(line), labels: {} };
  });
}

/**
 * Where a check evidence's history begins: an absolute time, `now-24h`, or a span back from now
 * (`-24h`, `24h`); undefined (the latest results) when it has none.
 */
export function checkStart(evidence: Pick<Evidence, 'evidence'>, now = new Date()): Date | undefined {
  const start = payload(evidence).start;
  if (typeof start !== 'string' || start.trim() === '') return undefined;
  const span = durationToMs(start.trim().replace(/^-/, ''));
  if (span !== undefined) return new Date(now.getTime() - span);
  return resolveExpression(start, { now });
}

export const includesMessages = (evidence: Pick<Evidence, 'evidence'>) =>
  payload(evidence).includeMessages === true;

/** What a picker calls an evidence: its description, else its kind. */
export const evidenceName = (evidence: Pick<Evidence, 'description' | 'type'>) =>
  evidence.description?.trim() || evidence.type;
