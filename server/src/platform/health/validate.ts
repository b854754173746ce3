/**
 * Checks a Canary spec against its schema (canary-schema.ts), with the validator every kind
 * shares (platform/specs): YAML text with errors located at their line and column
 * (POST /api/canary/validate), or a parsed value; /api/db writes use validateSpecWrite (platform/specs).
 */
import { specValidatorOf } from '../specs/kinds.js';
import type { SpecProblem } from '../specs/validate.js';
import type { SpecValidationResponse } from './types.js';

export { readablePath, type SpecProblem } from '../specs/validate.js';

const canary = specValidatorOf('canaries');

/** The schema's complaints about a parsed spec, one per problem, in document order of ajv. */
export const specProblems = (spec: unknown): SpecProblem[] => canary.problems(spec);

/** Validates the YAML text of a Canary spec; an empty text is an empty spec. */
export const validateCanaryYaml = (yaml: string): SpecValidationResponse => canary.validateYaml(yaml);
