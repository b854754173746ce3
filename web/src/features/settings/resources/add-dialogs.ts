import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AddDialogProps {
  onClose: () => void;
}

/**
 * The "Add {name}" flow of each table whose editor exists; the list shows its add button only for
 * these. Loaded on first use, so the editors (and CodeMirror) stay out of the list's chunk.
 */
export const ADD_DIALOGS: Readonly<Record<string, LazyExoticComponent<ComponentType<AddDialogProps>>>> = {
  canaries: lazy(async () => ({ default: (await import('../canaries/index.js')).AddCanaryModal })),
  topologies: lazy(async () => ({
    default: (await import('../../spec-editor/index.js')).AddTopologyModal,
  })),
  config_scrapers: lazy(async () => ({
    default: (await import('../../catalog/index.js')).AddSettingsScraperFlow,
  })),
  logging_backends: lazy(async () => ({
    default: (await import('../logging-backends/index.js')).AddLogBackendModal,
  })),
  incident_rules: lazy(async () => ({
    default: (await import('../incident-rules/index.js')).AddIncidentRuleModal,
  })),
};

export function addDialogOf(table: string) {
  return Object.hasOwn(ADD_DIALOGS, table) ? ADD_DIALOGS[table] : undefined;
}
