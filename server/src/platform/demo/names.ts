/** Name pools for "Acme", a small online retailer running on Kubernetes, AWS, Azure and GitHub. */

import { ANALYSIS_TYPES, SEVERITIES } from '../../../../common/catalog.js';

export const COMPANY = 'acme';

/**
 * The source of the demo's read-only (GitOps-managed) canaries, scrapers and playbooks of the
 * console's own agent: a file the platform loads, as Mission Control calls it. Not KubernetesCRD:
 * the cluster mirror owns those rows and soft-deletes the ones a cluster it connects to lacks.
 */
export const DEMO_MANAGED_SOURCE = 'ConfigFile';

export const PEOPLE: readonly [first: string, last: string][] = [
  ['Alice', 'Nakamura'],
  ['Bob', 'Okafor'],
  ['Carla', 'Mendes'],
  ['David', 'Kowalski'],
  ['Elena', 'Petrova'],
  ['Farid', 'Haddad'],
  ['Grace', 'Liu'],
  ['Hugo', 'Lambert'],
  ['Ines', 'Garcia'],
  ['Jamal', 'Wright'],
  ['Kiran', 'Patel'],
  ['Lena', 'Schmidt'],
  ['Marco', 'Rossi'],
  ['Nora', 'Lindqvist'],
  ['Omar', 'Farouk'],
  ['Priya', 'Sharma'],
  ['Quentin', 'Moreau'],
  ['Rosa', 'Alvarez'],
  ['Sven', 'Johansson'],
  ['Tara', "O'Brien"],
  ['Umar', 'Siddiqui'],
  ['Vera', 'Novak'],
  ['Wei', 'Zhang'],
  ['Yusuf', 'Demir'],
];

export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;

export interface TeamDef {
  name: string;
  icon: string;
  /** Kubernetes namespaces (and so services) this team owns. */
  owns: readonly string[];
}

export const TEAMS: readonly TeamDef[] = [
  { name: 'Platform', icon: 'kubernetes', owns: ['platform', 'monitoring'] },
  { name: 'SRE', icon: 'pagerduty', owns: ['kube-system'] },
  { name: 'Payments', icon: 'stripe', owns: ['payments'] },
  { name: 'Checkout', icon: 'cart', owns: ['checkout'] },
  { name: 'Identity', icon: 'lock', owns: ['auth'] },
  { name: 'Search & Discovery', icon: 'elasticsearch', owns: ['search', 'inventory'] },
  { name: 'Data', icon: 'postgres', owns: ['data'] },
  { name: 'Security', icon: 'shield', owns: [] },
];

export interface ServiceDef {
  name: string;
  namespace: string;
  port: number;
  /** Datastores it talks to. */
  uses: readonly string[];
  image: string;
}

export const SERVICES: readonly ServiceDef[] = [
  { name: 'storefront', namespace: 'checkout', port: 3000, uses: ['redis'], image: 'node:20' },
  { name: 'checkout', namespace: 'checkout', port: 8080, uses: ['postgres', 'redis', 'kafka'], image: 'go' },
  { name: 'cart', namespace: 'checkout', port: 8080, uses: ['redis'], image: 'go' },
  { name: 'payments', namespace: 'payments', port: 8443, uses: ['postgres', 'kafka'], image: 'java' },
  { name: 'fraud-detector', namespace: 'payments', port: 9000, uses: ['kafka'], image: 'python' },
  { name: 'ledger', namespace: 'payments', port: 8080, uses: ['postgres'], image: 'java' },
  { name: 'inventory', namespace: 'inventory', port: 8080, uses: ['postgres', 'kafka'], image: 'go' },
  { name: 'shipping', namespace: 'inventory', port: 8080, uses: ['postgres'], image: 'go' },
  { name: 'auth', namespace: 'auth', port: 8443, uses: ['postgres', 'redis'], image: 'go' },
  { name: 'user-profile', namespace: 'auth', port: 8080, uses: ['postgres'], image: 'node:20' },
  { name: 'search', namespace: 'search', port: 9200, uses: ['elasticsearch'], image: 'java' },
  { name: 'recommendations', namespace: 'search', port: 8080, uses: ['redis', 'kafka'], image: 'python' },
  { name: 'notifications', namespace: 'platform', port: 8080, uses: ['kafka'], image: 'go' },
  { name: 'api-gateway', namespace: 'platform', port: 443, uses: [], image: 'envoy' },
  { name: 'prometheus', namespace: 'monitoring', port: 9090, uses: [], image: 'prometheus' },
  { name: 'grafana', namespace: 'monitoring', port: 3000, uses: ['postgres'], image: 'grafana' },
];

export const DATASTORES = ['postgres', 'redis', 'kafka', 'elasticsearch'] as const;

export const NAMESPACES = [
  'checkout',
  'payments',
  'inventory',
  'auth',
  'search',
  'platform',
  'monitoring',
  'data',
  'kube-system',
] as const;

export interface ClusterDef {
  name: string;
  provider: 'aws' | 'azure';
  region: string;
  environment: 'production' | 'staging';
  agent: number;
}

export const CLUSTERS: readonly ClusterDef[] = [
  { name: 'acme-prod-eu', provider: 'aws', region: 'eu-west-1', environment: 'production', agent: 0 },
  { name: 'acme-prod-us', provider: 'aws', region: 'us-east-1', environment: 'production', agent: 1 },
  { name: 'acme-staging', provider: 'azure', region: 'westeurope', environment: 'staging', agent: 2 },
];

export const AGENTS = [
  { name: 'acme-prod-eu', description: 'Agent in the EU production EKS cluster' },
  { name: 'acme-prod-us', description: 'Agent in the US production EKS cluster' },
  { name: 'acme-staging', description: 'Agent in the staging AKS cluster' },
  { name: 'acme-office', description: 'Agent on the office network (retired)' },
];

export const INSTANCE_TYPES = ['t3.medium', 'm5.large', 'm5.xlarge', 'c6i.2xlarge', 'r6g.large'];
export const AZURE_SIZES = ['Standard_D2s_v5', 'Standard_D4s_v5', 'Standard_B2ms'];

export const REPOSITORIES = [
  'storefront',
  'checkout-service',
  'cart-service',
  'payments',
  'fraud-detector',
  'ledger',
  'inventory',
  'shipping',
  'auth',
  'user-profile',
  'search',
  'recommendations',
  'notifications',
  'api-gateway',
  'infrastructure',
  'helm-charts',
  'runbooks',
  'terraform-modules',
];

export const LOREM_ERRORS = [
  'connection refused',
  'context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
  'expected status 200, got 503 Service Unavailable',
  'dial tcp 10.0.12.34:5432: i/o timeout',
  'x509: certificate has expired or is not yet valid',
  'no such host',
  'pq: too many connections for role "app"',
  'NOAUTH Authentication required',
  'response body did not contain "ok"',
  'kafka: client has run out of available brokers to talk to',
];

export const CHANGE_TYPES: readonly { type: string; severity: string; source: string; summary: string }[] = [
  { type: 'diff', severity: 'info', source: 'kubernetes', summary: 'spec.replicas changed' },
  {
    type: 'diff',
    severity: 'info',
    source: 'kubernetes',
    summary: 'spec.template.spec.containers[0].image changed',
  },
  { type: 'Pulled', severity: 'info', source: 'kubernetes/event', summary: 'Container image pulled' },
  {
    type: 'Scheduled',
    severity: 'info',
    source: 'kubernetes/event',
    summary: 'Successfully assigned pod to node',
  },
  {
    type: 'BackOff',
    severity: 'medium',
    source: 'kubernetes/event',
    summary: 'Back-off restarting failed container',
  },
  { type: 'Killing', severity: 'low', source: 'kubernetes/event', summary: 'Stopping container' },
  { type: 'OOMKilled', severity: 'high', source: 'kubernetes/event', summary: 'Container was OOM killed' },
  {
    type: 'FailedScheduling',
    severity: 'medium',
    source: 'kubernetes/event',
    summary: '0/6 nodes are available: insufficient cpu',
  },
  {
    type: 'ScalingReplicaSet',
    severity: 'info',
    source: 'kubernetes/event',
    summary: 'Scaled up replica set',
  },
  { type: 'CREATE', severity: 'info', source: 'CloudTrail', summary: 'RunInstances' },
  { type: 'UPDATE', severity: 'low', source: 'CloudTrail', summary: 'ModifyDBInstance' },
  { type: 'PutBucketPolicy', severity: 'high', source: 'CloudTrail', summary: 'Bucket policy updated' },
  {
    type: 'AttachRolePolicy',
    severity: 'critical',
    source: 'CloudTrail',
    summary: 'AdministratorAccess attached to role',
  },
  { type: 'Push', severity: 'info', source: 'GitHub', summary: 'Pushed 3 commits to main' },
  { type: 'PullRequestMerged', severity: 'info', source: 'GitHub', summary: 'Merged pull request' },
  { type: 'WorkflowFailed', severity: 'medium', source: 'GitHub', summary: 'CI workflow failed on main' },
  { type: 'HelmUpgrade', severity: 'low', source: 'flux', summary: 'Helm release upgraded' },
  {
    type: 'ReconciliationFailed',
    severity: 'high',
    source: 'flux',
    summary: 'Kustomization reconciliation failed',
  },
  { type: 'Deleted', severity: 'medium', source: 'kubernetes', summary: 'Object deleted' },
];

export { ANALYSIS_TYPES, SEVERITIES };

export const ANALYSES: Record<
  (typeof ANALYSIS_TYPES)[number],
  readonly [analyzer: string, message: string][]
> = {
  cost: [
    ['aws-cost-explorer', 'Instance is under-utilised: average CPU 4% over 14 days; consider a smaller size'],
    ['kubecost', 'Requests exceed usage by 3x'],
  ],
  availability: [
    ['kubernetes', 'Deployment has a single replica'],
    ['aws-trusted-advisor', 'RDS instance is not Multi-AZ'],
  ],
  performance: [
    ['kubernetes', 'CPU throttling above 25% over the last hour'],
    ['aws-compute-optimizer', 'EBS volume IOPS saturated'],
  ],
  security: [
    ['trivy', 'CVE-2024-3094: xz-utils backdoor (critical)'],
    ['aws-security-hub', 'S3 bucket allows public read'],
    ['kubernetes', 'Container runs as root'],
  ],
  integration: [
    ['flux', 'HelmRelease failed to install: timed out waiting for the condition'],
    ['github', 'Webhook deliveries failing with 502'],
  ],
  compliance: [
    ['aws-config', 'Encryption at rest is disabled'],
    ['kyverno', 'Policy require-labels: label team is required'],
  ],
  technical_debt: [
    ['renovate', 'Base image node:16 is end of life'],
    ['kubernetes', 'Uses deprecated API policy/v1beta1'],
  ],
  reliability: [
    ['kubernetes', 'Liveness probe missing'],
    ['kubernetes', 'No PodDisruptionBudget for a multi-replica workload'],
  ],
  recommendation: [
    ['aws-trusted-advisor', 'Enable S3 lifecycle rules for old objects'],
    ['kubecost', 'Switch to Graviton instances to save 20%'],
  ],
  other: [
    ['custom', 'Owner annotation missing'],
    ['custom', 'Resource not managed by GitOps'],
  ],
};

export const INCIDENT_TITLES = [
  '{svc} returning 5xx for a subset of users',
  'Elevated p99 latency on {svc}',
  '{svc} pods crash-looping after deploy',
  'Kafka consumer lag growing for {svc}',
  'Postgres connection pool exhausted ({svc})',
  'Certificate expiry on {svc} ingress',
  'Cost spike on {svc} nodes',
  'Public S3 bucket used by {svc}',
  'Redis evictions impacting {svc}',
  'Webhook integration failing for {svc}',
  'Node pressure evicting {svc} pods',
];

export { NOTIFICATION_EVENTS, SEND_STATUSES } from '../../../../common/notifications.js';
