// The kinds of health check a canary spec can hold (spec 3 §2.3 "Health check type picker").

export interface CheckKind {
  /** The key of the kind's list in a canary spec (`http: [...]`); undefined for Custom (code only). */
  key: string | undefined;
  label: string;
}

const KINDS: CheckKind[] = [
  { key: 'http', label: 'HTTP' },
  { key: 'awsConfigRule', label: 'AWS Config Rule' },
  { key: 'awsConfig', label: 'AWS Config' },
  { key: 'github', label: 'GitHub' },
  { key: 'ec2', label: 'EC2' },
  { key: 'ldap', label: 'LDAP' },
  { key: 'pod', label: 'Pod' },
  { key: 'exec', label: 'Exec' },
  { key: 'alertmanager', label: 'Alert Manager' },
  { key: 'cloudwatch', label: 'Cloud Watch' },
  { key: 'elasticsearch', label: 'Elasticsearch' },
  { key: 'redis', label: 'Redis' },
  { key: 'mongodb', label: 'Mongo DB' },
  { key: 'dns', label: 'DNS' },
  { key: 'icmp', label: 'ICMP Ping' },
  { key: 'gcs', label: 'GCS' },
  { key: 's3', label: 'AWS S3' },
  { key: 'smb', label: 'SMB' },
  { key: 'sftp', label: 'SFTP' },
  { key: 'folder', label: 'Folder' },
  { key: 'prometheus', label: 'Prometheus' },
  { key: 'kubernetes', label: 'Kubernetes' },
  { key: 'sql', label: 'SQL Query' },
  { key: 'catalog', label: 'Mission Control Catalog' },
  { key: 'azuredevops', label: 'Azure DevOps' },
  { key: 'jmeter', label: 'JMeter' },
  { key: 'junit', label: 'JUnit' },
  { key: 'dynatrace', label: 'Dynatrace' },
  { key: 'namespace', label: 'Kubernetes Namespace' },
  { key: 'tcp', label: 'TCP' },
  { key: undefined, label: 'Custom' },
];

/** Every kind, sorted by label as the picker shows them. */
export const CHECK_KINDS: readonly CheckKind[] = [...KINDS].sort((a, b) => a.label.localeCompare(b.label));

/** The kinds whose label contains the search text (any case). */
export function searchKinds(text: string): CheckKind[] {
  const needle = text.trim().toLowerCase();
  return CHECK_KINDS.filter((kind) => kind.label.toLowerCase().includes(needle));
}

/** The picker's label for a spec key ('postgres' is shown as SQL Query too). */
export function kindLabel(key: string): string {
  if (key === 'postgres') return 'SQL Query';
  return KINDS.find((kind) => kind.key === key)?.label ?? key;
}
