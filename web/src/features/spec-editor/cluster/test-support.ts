/**
 * Test-only fixtures of the cluster features: /api/kube/status answers, custom resources as the
 * API server returns them, and typing into a CodeMirror editor. Only tests import this file.
 */
import { act, screen } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import type { ClusterStatus, KindTable, KubeObject } from './cluster-api.js';
import { KIND_OF_TABLE } from './cluster-api.js';

const TABLES: KindTable[] = ['canaries', 'topologies', 'config_scrapers', 'playbooks'];

/** A connected cluster with all four kinds installed, unless `overrides` say otherwise. */
export function clusterStatus(overrides: Partial<ClusterStatus> = {}): ClusterStatus {
  return {
    configured: true,
    connected: true,
    state: 'connected',
    since: '2024-01-01T00:00:00Z',
    writeAs: 'serviceaccount',
    namespaces: [],
    kinds: TABLES.map((table) => ({ kind: KIND_OF_TABLE[table], table, installed: true })),
    ...overrides,
  };
}

export const NO_CLUSTER = clusterStatus({
  configured: false,
  connected: false,
  state: 'not configured',
  message: 'No kubeconfig and no service account were found.',
  kinds: [],
});

/** A custom resource as the API server answers it, bookkeeping included. */
export function kubeObject(
  table: KindTable,
  { name, namespace = 'default', ...rest }: Partial<KubeObject['metadata']> & { name: string },
  spec: Record<string, unknown>,
): KubeObject {
  return {
    apiVersion: 'example.flanksource.com/v1',
    kind: KIND_OF_TABLE[table],
    metadata: {
      name,
      namespace,
      uid: `uid-${name}`,
      resourceVersion: '41',
      generation: 3,
      creationTimestamp: '2024-01-01T00:00:00Z',
      managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
      ...rest,
    },
    spec,
    status: { status: 'Healthy' },
  };
}

/** The CodeMirror view of the editor named `name`. */
export async function editorNamed(name: string): Promise<EditorView> {
  return EditorView.findFromDOM(await screen.findByRole('textbox', { name }))!;
}

/** Replaces the whole text of the editor named `name`, as one change (a paste). */
export async function replaceEditorText(name: string, text: string) {
  const view = await editorNamed(name);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  return view;
}
