import type { HubClient } from './client.js';

/** A hub with nothing to give and that takes everything; a test overrides what it is about. */
export const idleHub = (overrides: Partial<HubClient> = {}): HubClient => ({
  ping: async () => {},
  push: async () => ({}),
  remove: async () => ({}),
  pull: async () => [],
  pullPlaybooks: async () => [],
  claimAction: async () => undefined,
  actionStanding: async () => undefined,
  ...overrides,
});
