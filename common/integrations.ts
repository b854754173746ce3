/**
 * Integrations (spec 3 §2.3): the GitOps tiles, each a Helm chart of the chart repository installed
 * through Flux, and the objects and command the Add Integration dialog previews. Isomorphic: the
 * dialog renders the preview as the values are typed (as YAML, on its side), and the server applies
 * the same objects.
 */

export interface GitOpsIntegration {
  /** The tile's key, used in URLs and in `POST /api/integrations/apply`. */
  key: 'aws' | 'azure' | 'prometheus' | 'flux' | 'kubernetes' | 'mission-control';
  title: string;
  /** The chart's name in the chart repository. */
  chart: string;
}

/** The tiles under "Add via GitOps", in the dialog's order. */
export const GITOPS_INTEGRATIONS: readonly GitOpsIntegration[] = [
  { key: 'aws', title: 'AWS', chart: 'mission-control-aws' },
  { key: 'azure', title: 'Azure', chart: 'mission-control-azure' },
  { key: 'prometheus', title: 'Prometheus', chart: 'mission-control-prometheus' },
  { key: 'flux', title: 'Flux', chart: 'mission-control-flux' },
  { key: 'kubernetes', title: 'Kubernetes', chart: 'mission-control-kubernetes' },
  { key: 'mission-control', title: 'Mission Control', chart: 'mission-control' },
];

/** The tiles under "Add Directly"; Log Backends is hidden while the logs feature is off. */
export const DIRECT_INTEGRATIONS = [
  { key: 'topologies', title: 'Custom Topology' },
  { key: 'scrapers', title: 'Catalog Scraper' },
  { key: 'logging_backends', title: 'Log Backends' },
] as const;

/** The integration types of `integrations_with_status` and the table each is stored in. */
export const INTEGRATION_TABLES = {
  scrapers: 'config_scrapers',
  topologies: 'topologies',
  logging_backends: 'logging_backends',
} as const;

export type IntegrationType = keyof typeof INTEGRATION_TABLES;

export const INTEGRATION_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;

export const GITOPS_WARNING = 'You will need to have Kubernetes chart installed in flux to use this option.';

/** Where the charts come from unless INTEGRATIONS_CHART_REPOSITORY says otherwise. */
export const DEFAULT_CHART_REPOSITORY_URL = 'https://flanksource.github.io/charts';

/** The Flux source every GitOps integration's release points at. */
export const HELM_REPOSITORY_NAME = 'flanksource';

export interface ReleaseInput {
  /** The chart to install: a GitOps tile's, or the console's own (an agent, features/agents). */
  integration: Pick<GitOpsIntegration, 'chart'>;
  /** The name of the chart repository's Flux source and `helm repo`; default HELM_REPOSITORY_NAME. */
  repositoryName?: string;
  /** The release's name; defaults to the chart's. */
  name?: string;
  namespace: string;
  interval: string;
  repositoryUrl: string;
  /** A chart version; none follows the repository's latest. */
  version?: string;
  values: Record<string, unknown>;
}

/** The HelmRepository and HelmRelease objects of one GitOps integration. */
export function fluxObjects(input: ReleaseInput): [Record<string, unknown>, Record<string, unknown>] {
  const name = input.name || input.integration.chart;
  const source = input.repositoryName ?? HELM_REPOSITORY_NAME;
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: source, namespace: input.namespace },
    spec: { interval: input.interval, url: input.repositoryUrl },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name, namespace: input.namespace },
    spec: {
      interval: input.interval,
      chart: {
        spec: {
          chart: input.integration.chart,
          ...(input.version ? { version: input.version } : {}),
          sourceRef: { kind: 'HelmRepository', name: source, namespace: input.namespace },
        },
      },
      ...(Object.keys(input.values).length > 0 ? { values: input.values } : {}),
    },
  };
  return [repository, release];
}

/** Quotes a word for a POSIX shell when it needs it. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Flattens values into `--set` paths (arrays by index), the way `helm install --set` reads them. */
function setArguments(values: unknown, prefix = ''): string[] {
  if (Array.isArray(values)) {
    return values.flatMap((item, index) => setArguments(item, `${prefix}[${index}]`));
  }
  if (values !== null && typeof values === 'object') {
    return Object.entries(values).flatMap(([key, value]) =>
      setArguments(value, prefix ? `${prefix}.${key.replaceAll('.', '\\.')}` : key.replaceAll('.', '\\.')),
    );
  }
  const text = typeof values === 'string' ? values.replaceAll(',', '\\,') : JSON.stringify(values);
  return [`${prefix}=${text}`];
}

/** The Helm CLI tab: add the repository, then install the chart with the values as `--set`s. */
export function helmInstallCommand(input: ReleaseInput): string {
  const name = input.name || input.integration.chart;
  const source = input.repositoryName ?? HELM_REPOSITORY_NAME;
  const lines = [
    `helm repo add ${source} ${shellWord(input.repositoryUrl)}`,
    `helm repo update`,
    [
      `helm install ${shellWord(name)} ${source}/${input.integration.chart}`,
      `-n ${shellWord(input.namespace)}`,
      `--create-namespace`,
      ...(input.version ? [`--version ${shellWord(input.version)}`] : []),
      ...setArguments(input.values).map((arg) => `--set ${shellWord(arg)}`),
    ].join(' \\\n  '),
  ];
  return lines.join('\n');
}
