/**
 * The catalog scraper type picker's choices (spec 3 §2.3), each with the spec a new scraper of
 * that type starts from: the type's key in the ScrapeConfig spec and the fields it needs (spec 3
 * §5), to be filled in. Custom starts empty.
 */
export interface ScraperType {
  id: string;
  label: string;
  description: string;
  spec: Record<string, unknown>;
}

/** Spec 3 §9: a Kubernetes scrape runs every 30 minutes by default. */
const KUBERNETES_SCHEDULE = '@every 30m';
const DEFAULT_SCHEDULE = '@hourly';

const TYPES: ScraperType[] = [
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    description: 'Resources of a cluster, their relationships, events and health',
    spec: { schedule: KUBERNETES_SCHEDULE, kubernetes: [{ clusterName: 'local' }] },
  },
  {
    id: 'azure',
    label: 'Azure',
    description: 'Resources of an Azure subscription',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      azure: [{ connection: 'connection://azure/my-subscription', subscriptionID: '', tenantID: '' }],
    },
  },
  {
    id: 'kubernetesFile',
    label: 'Kubernetes File',
    description: 'Files read from inside running pods',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      kubernetesFile: [
        {
          type: 'File',
          id: '$.metadata.name',
          selector: { namespace: 'default', kind: 'Pod', name: 'my-pod' },
          files: [{ path: ['/etc/app/config.yaml'], format: 'yaml' }],
        },
      ],
    },
  },
  {
    id: 'sql',
    label: 'SQL',
    description: 'Rows of a query on PostgreSQL, MySQL or SQL Server',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      sql: [
        {
          connection: 'connection://postgres/my-database',
          type: 'SQL::Row',
          id: '$.id',
          name: '$.name',
          query: 'select id, name from my_table',
        },
      ],
    },
  },
  {
    id: 'trivy',
    label: 'Trivy',
    description: 'Vulnerabilities and misconfigurations found by Trivy',
    spec: { schedule: '@every 12h', trivy: [{ kubernetes: {} }] },
  },
  {
    id: 'aws',
    label: 'AWS',
    description: 'Resources, CloudTrail changes and costs of AWS accounts',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      aws: [{ connection: 'connection://aws/my-account', region: ['eu-west-1'] }],
    },
  },
  {
    id: 'file',
    label: 'File',
    description: 'YAML and JSON files on disk or in a git repository',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      file: [
        { type: '$.kind', id: '$.metadata.name', format: 'yaml', icon: 'file', paths: ['config/*.yaml'] },
      ],
    },
  },
  {
    id: 'githubActions',
    label: 'Github Actions',
    description: 'Workflow runs of a GitHub repository',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      githubActions: [
        {
          owner: 'my-org',
          repository: 'my-repo',
          personalAccessToken: { valueFrom: { secretKeyRef: { name: 'github', key: 'token' } } },
        },
      ],
    },
  },
  {
    id: 'http',
    label: 'HTTP',
    description: 'JSON from an HTTP endpoint',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      http: [{ type: 'HTTP::Resource', id: '$.id', name: '$.name', url: 'https://example.com/api/items' }],
    },
  },
  {
    id: 'azureDevops',
    label: 'Azure DevOps',
    description: 'Pipelines and runs of Azure DevOps projects',
    spec: {
      schedule: DEFAULT_SCHEDULE,
      azureDevops: [
        {
          connection: 'connection://azure_devops/my-organization',
          projects: ['my-project'],
          pipelines: ['my-pipeline'],
        },
      ],
    },
  },
  { id: 'custom', label: 'Custom', description: 'Write the spec yourself', spec: {} },
];

/** The picker's choices sorted by label (spec 3 §2.3). */
export const SCRAPER_TYPES: readonly ScraperType[] = [...TYPES].sort((a, b) =>
  a.label.localeCompare(b.label),
);
