/**
 * Flags set by the server's FEATURE_FLAGS setting are refused to every other writer, with these
 * words (migration 0014's trigger raises them; a test holds the two together).
 */
export const LOCAL_FLAG_REFUSAL = 'Cannot edit local feature flags';

/** The `source` of the operator's flags. */
export const LOCAL_FLAG_SOURCE = 'local';
