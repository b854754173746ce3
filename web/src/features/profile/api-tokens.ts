/** One of the signed-in user's API tokens, as GET api/auth/tokens lists them (never the secret). */
export interface ApiToken {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** The answer of GET api/auth/tokens: the platform's envelope, the tokens in `payload`. */
export interface TokensAnswer {
  message: string;
  payload: ApiToken[];
}

/** The answer of POST api/auth/create_token: the only time the secret is seen. */
export interface CreatedToken {
  id: string;
  token: string;
  name: string;
  expiresAt: string | null;
}

export const TOKENS_PATH = 'api/auth/tokens';

/** Spec texts: the note beside a new token. */
export const TOKEN_SHOWN_ONCE = 'Access token will be shown only once. Please copy it and store it securely.';

export interface ExpiryOption {
  label: string;
  /** Days from now; null never expires. */
  days: number | null;
}

export const EXPIRY_OPTIONS: readonly ExpiryOption[] = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
  { label: 'No expiry', days: null },
];

export const DEFAULT_EXPIRY = EXPIRY_OPTIONS[1]!;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `expiry` create_token takes: `days` from `now` as an ISO date-time, or null for never. */
export function expiryFor(days: number | null, now: Date = new Date()): string | null {
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}
