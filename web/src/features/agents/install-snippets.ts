/**
 * The Installation Instructions' Flux manifests and Helm command (spec 1 §2): this console's own
 * chart in agent mode, reporting to this console. Built on the integrations' Flux objects and Helm
 * command (common/integrations.ts), with the agent's values:
 * - `upstream.url`: the console as the browser reaches it, its sub-path included;
 * - `upstream.agentName`: the agent's name;
 * - the access token: on the Helm command line `upstream.token` with `upstream.createSecret`, from
 *   which the chart makes the token's Secret; in Flux, a Secret beside the release and
 *   `upstream.tokenSecret` naming it, so the token stays out of the HelmRelease.
 */
import { fluxObjects, helmInstallCommand, type ReleaseInput } from '../../../../common/integrations.js';
import { yamlDocuments } from '../settings/integrations/index.js';

/** The chart, its repository and where the agent goes in the cluster. */
export const AGENT_CHART = {
  chart: 'ops-console',
  repositoryName: 'ops-console',
  repositoryUrl: 'https://ops-console.github.io/charts',
  release: 'ops-console-agent',
  namespace: 'ops-console-agent',
  interval: '30m',
} as const;

/** The Secret the Flux manifests keep the token in, and its key. */
export const TOKEN_SECRET = { name: `${AGENT_CHART.release}-upstream`, key: 'token' } as const;

export interface AgentInstall {
  agentName: string;
  accessToken: string;
  /** The console's URL as the browser sees it (consoleUrl()). */
  upstreamUrl: string;
}

/** This console's address as the browser reaches it, its sub-path (the router's base) included. */
export function consoleUrl(baseURI: string = document.baseURI): string {
  const url = new URL('.', baseURI);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function release(values: Record<string, unknown>): ReleaseInput {
  return {
    integration: { chart: AGENT_CHART.chart },
    repositoryName: AGENT_CHART.repositoryName,
    repositoryUrl: AGENT_CHART.repositoryUrl,
    name: AGENT_CHART.release,
    namespace: AGENT_CHART.namespace,
    interval: AGENT_CHART.interval,
    values,
  };
}

/** The Flux tab: the Namespace, the token's Secret, the HelmRepository and the HelmRelease. */
export function agentFluxManifests({ agentName, accessToken, upstreamUrl }: AgentInstall): string {
  const namespace = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: AGENT_CHART.namespace },
  };
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: TOKEN_SECRET.name, namespace: AGENT_CHART.namespace },
    type: 'Opaque',
    stringData: { [TOKEN_SECRET.key]: accessToken },
  };
  const objects = fluxObjects(
    release({ upstream: { url: upstreamUrl, agentName, tokenSecret: { ...TOKEN_SECRET } } }),
  );
  return yamlDocuments([namespace, secret, ...objects]);
}

/** The Helm CLI tab: add the repository, then install the chart with the agent's values. */
export function agentHelmCommand({ agentName, accessToken, upstreamUrl }: AgentInstall): string {
  return helmInstallCommand(
    release({ upstream: { url: upstreamUrl, agentName, createSecret: true, token: accessToken } }),
  );
}
