/**
 * The rules /api/db applies to writes, keyed by relation: each area keeps its own in its
 * `rules.ts`, and the platform API composes them (composeWriteRules), so an area adds rules to a
 * relation without touching another area's or the router.
 */
import type { Queryable } from '../db/db.js';

/** A write as its relation's rules see it. */
export interface WriteRequest {
  relation: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  /** The rows of a POST, the one change of a PATCH, none for a DELETE. */
  rows: Record<string, unknown>[];
}

/** A write about to happen, inside its transaction. */
export interface WriteTarget extends WriteRequest {
  /** The write's transaction: what a rule reads here, the write will see. */
  tx: Queryable;
  /**
   * These columns of the rows the write would change — those a PATCH or DELETE matches, those an
   * upsert collides with (none for a plain insert) — locked until the write is over.
   */
  existing(columns: string[]): Promise<Record<string, unknown>[]>;
}

/** A write that has happened, its transaction still open. */
export interface WrittenRows extends WriteRequest {
  tx: Queryable;
  /** Every column of the rows inserted or updated as they now are, or of the rows deleted. */
  written: Record<string, unknown>[];
}

export interface WriteRule {
  /**
   * Once the caller is authorized, before the transaction begins: checks the request alone.
   * Throw a RestError to refuse.
   */
  validate?(write: WriteRequest): void | Promise<void>;
  /**
   * In the write's transaction, just before it, with the rows it would change at hand. Throw a
   * RestError to refuse; nothing is written then.
   */
  guard?(target: WriteTarget): void | Promise<void>;
  /**
   * In the write's transaction, just after it: what the write implies (history rows, queued
   * work) is written with it or not at all. Throwing rolls the write back.
   */
  after?(done: WrittenRows): void | Promise<void>;
}

export type WriteRules = Readonly<Record<string, WriteRule>>;

/** The rule of a relation, if any area has one. */
export function ruleOf(rules: WriteRules, relation: string): WriteRule | undefined {
  return Object.hasOwn(rules, relation) ? rules[relation] : undefined;
}

/** The steps run one after another, each waiting for the one before; none: no step at all. */
function inSequence<T>(
  steps: ((input: T) => void | Promise<void>)[],
): ((input: T) => Promise<void>) | undefined {
  if (steps.length === 0) return undefined;
  return async (input) => {
    for (const step of steps) await step(input);
  };
}

const stepsOf = <K extends keyof WriteRule>(rules: WriteRule[], phase: K) =>
  rules.flatMap((rule) => {
    const step = rule[phase];
    return step ? [step.bind(rule) as NonNullable<WriteRule[K]>] : [];
  });

/**
 * One set of rules from several areas' sets. Where two areas have rules on one relation, both
 * run: each phase (validate, guard, after) runs the areas' steps in the order the areas are
 * given, and the first to throw stops the write.
 */
export function composeWriteRules(...areas: WriteRules[]): WriteRules {
  const relations = new Set(areas.flatMap((area) => Object.keys(area)));
  const composed: Record<string, WriteRule> = {};
  for (const relation of relations) {
    const rules = areas.flatMap((area) => ruleOf(area, relation) ?? []);
    composed[relation] = {
      validate: inSequence(stepsOf(rules, 'validate')),
      guard: inSequence(stepsOf(rules, 'guard')),
      after: inSequence(stepsOf(rules, 'after')),
    };
  }
  return composed;
}
