/**
 * The four custom resource kinds the console mirrors, by the table each is mirrored into: the
 * server's mirror, GitOps rules and cluster writes and the UI's editors all name them from here.
 */
export const KIND_OF_TABLE = {
  canaries: 'Canary',
  topologies: 'Topology',
  config_scrapers: 'ScrapeConfig',
  playbooks: 'Playbook',
} as const;

/** The mirrored tables; also the `:table` of /api/kube and the settings editors' routes. */
export type KindTable = keyof typeof KIND_OF_TABLE;
export type KindName = (typeof KIND_OF_TABLE)[KindTable];
