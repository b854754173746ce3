/**
 * The shapes /api/specs answers. The UI imports these as types only.
 */

/** POST /api/specs/:table/validate: YAML text in, errors located at a line out (1-based). */
export interface SpecValidationError {
  line: number;
  column: number;
  /** JSON pointer of the offending value ('' for the whole document) */
  path: string;
  message: string;
}
export interface SpecValidationResponse {
  valid: boolean;
  errors: SpecValidationError[];
}
