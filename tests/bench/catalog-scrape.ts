/**
 * A kubernetes scrape of 10,000 objects (namespaces, deployments, replicasets, pods, services)
 * from the Kubernetes API test server through the scrape engine: the first scrape's duration, a
 * second (unchanged) scrape's, and the scraping process's RSS. No budget: figures to watch. The
 * scrape runs in a process of its own (catalog-scrape-child.ts) on a database migrated by build
 * A's server; it is this checkout's scraper, so it has figures for build A only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import type { ScrapeFigures } from './catalog-scrape-child.js';
import type { Build } from './server.js';
import type { Results, RowSpec } from './table.js';
import { migratedDatabase, type BackEnd } from './targets.js';

/** The budget's cluster; `--scrape-objects` scrapes fewer for a quick run. */
export const SCRAPE_OBJECTS = 10_000;
/** Each namespace holds 200 objects: itself, 40 deployments with a replicaset and two pods each, 39 services. */
const PER_NAMESPACE = { deployments: 40, podsPerReplicaSet: 2, services: 39 };
const OBJECTS_PER_NAMESPACE =
  1 + PER_NAMESPACE.deployments * (2 + PER_NAMESPACE.podsPerReplicaSet) + PER_NAMESPACE.services;
/** One pod in this many crash-loops, one deployment in this many has no resource limits: insights to raise. */
const ODD_ONE_EVERY = 25;

export const scrapeRows = (objects: number) => {
  const of = `kubernetes scrape of ${objects.toLocaleString()} objects`;
  return {
    first: { figure: `${of}: first scrape`, unit: 'ms' },
    second: { figure: `${of}: second scrape, unchanged`, unit: 'ms' },
    startRss: { figure: `${of}: RSS of the scraping process before it`, unit: 'MB' },
    peakRss: { figure: `${of}: peak RSS of the scraping process`, unit: 'MB' },
  } satisfies Record<string, RowSpec>;
};

/** The objects of `namespaces` namespaces, as a cluster's controllers would have made them. */
export function fillCluster(kube: Pick<KubeApiServer, 'put'>, namespaces: number): number {
  let objects = 0;
  const put = (object: Record<string, unknown>) => {
    objects++;
    return kube.put(object as unknown as KubeObject);
  };
  const owner = (kind: string, apiVersion: string, made: KubeObject) => [
    { apiVersion, kind, name: made.metadata.name, uid: made.metadata.uid, controller: true },
  ];
  const at = '2026-11-20T08:00:00Z';
  for (let n = 0; n < namespaces; n++) {
    const namespace = `team-${n}`;
    put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: { team: namespace } } });
    for (let d = 0; d < PER_NAMESPACE.deployments; d++) {
      const app = `app-${d}`;
      const labels = { app, tier: d % 2 ? 'backend' : 'frontend' };
      const limited = d % ODD_ONE_EVERY !== 0;
      const containers = [
        {
          name: 'app',
          image: `registry.bench.local/${app}:1.${d}`,
          ports: [{ containerPort: 8080 }],
          ...(limited ? { resources: { limits: { cpu: '500m', memory: '256Mi' } } } : {}),
        },
      ];
      const replicas = PER_NAMESPACE.podsPerReplicaSet;
      const template = { metadata: { labels }, spec: { containers } };
      const deployment = put({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: app, namespace, labels },
        spec: { replicas, selector: { matchLabels: { app } }, template },
        status: {
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          conditions: [{ type: 'Available', status: 'True', lastTransitionTime: at }],
        },
      });
      const hash = `${d.toString(16).padStart(4, '0')}f9c`;
      const replicaSet = put({
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: {
          name: `${app}-${hash}`,
          namespace,
          labels: { ...labels, 'pod-template-hash': hash },
          ownerReferences: owner('Deployment', 'apps/v1', deployment),
        },
        spec: { replicas, selector: { matchLabels: { app, 'pod-template-hash': hash } }, template },
        status: { replicas, readyReplicas: replicas, availableReplicas: replicas },
      });
      for (let p = 0; p < replicas; p++) {
        const looping = (d * replicas + p) % ODD_ONE_EVERY === 1;
        put({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: {
            name: `${app}-${hash}-${p}`,
            namespace,
            labels: { ...labels, 'pod-template-hash': hash },
            ownerReferences: owner('ReplicaSet', 'apps/v1', replicaSet),
          },
          spec: { containers },
          status: {
            phase: 'Running',
            podIP: `10.${n % 250}.${d}.${p + 2}`,
            conditions: [{ type: 'Ready', status: looping ? 'False' : 'True', lastTransitionTime: at }],
            containerStatuses: [
              {
                name: 'app',
                ready: !looping,
                restartCount: looping ? 9 : 0,
                state: looping
                  ? {
                      waiting: {
                        reason: 'CrashLoopBackOff',
                        message: 'back-off 5m0s restarting failed container',
                      },
                    }
                  : { running: { startedAt: at } },
              },
            ],
          },
        });
      }
      if (d < PER_NAMESPACE.services)
        put({
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: app, namespace, labels },
          spec: { selector: { app }, ports: [{ port: 80, targetPort: 8080 }], type: 'ClusterIP' },
        });
    }
  }
  return objects;
}

/** Runs the child; its last line of output is its figures. */
function scrapeInChild(env: Record<string, string>): Promise<ScrapeFigures> {
  // The back end is the one in `env` alone, whatever the bench itself was started with.
  const { DATA_DIR: _dir, DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'catalog-scrape-child.ts')],
    {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`the scraping process ended with ${signal ?? `code ${code}`}`));
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last) as ScrapeFigures);
      } catch {
        reject(new Error(`the scraping process printed no figures: ${last.slice(0, 200)}`));
      }
    });
  });
}

export async function benchCatalogScrape(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
  objects = SCRAPE_OBJECTS,
): Promise<void> {
  const kube = await startKubeApiServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-kube-'));
  try {
    const filled = fillCluster(kube, Math.max(1, Math.round(objects / OBJECTS_PER_NAMESPACE)));
    const rows = scrapeRows(filled);
    results.declare(Object.values(rows));
    const kubeconfig = kube.writeKubeconfig(dir);
    const database = await migratedDatabase(backEnd, builds[0]!);
    try {
      const figures = await scrapeInChild({ ...database.env, BENCH_KUBECONFIG: kubeconfig });
      const { first, second } = figures;
      console.log(
        `  ${backEnd}: first scrape ${JSON.stringify(first.summary)}; second ${JSON.stringify(second.summary)}`,
      );
      const failed = [...first.summary.errors, ...second.summary.errors];
      if (failed.length) throw new Error(`the scrape failed: ${failed.slice(0, 3).join('; ')}`);
      if (first.summary.added < filled)
        throw new Error(`the first scrape added ${first.summary.added} of ${filled} objects`);
      if (second.summary.added + second.summary.updated + second.summary.deleted > 0)
        throw new Error(`the second scrape of unchanged objects wrote: ${JSON.stringify(second.summary)}`);
      results.set(rows.first, backEnd, 0, first.ms);
      results.set(rows.second, backEnd, 0, second.ms);
      results.set(rows.startRss, backEnd, 0, figures.startRssMb);
      results.set(rows.peakRss, backEnd, 0, Math.max(first.peakRssMb, second.peakRssMb));
    } finally {
      await database.drop();
    }
  } finally {
    await kube.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
