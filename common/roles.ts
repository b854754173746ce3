/**
 * The roles of spec 1 §6, strongest first: the server grants with them, the users page offers
 * them in this order, and a user with several is shown with the first they hold.
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** The role a person holding several is shown with: the strongest. */
export const strongestRole = (roles: readonly string[]): Role | undefined =>
  ROLES.find((role) => roles.includes(role));
