import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/index.js';
import type { EditorDiagnostic } from '../../../components/YamlEditor/index.js';
import {
  applyClusterWrite,
  clusterWriteError,
  dryRunClusterWrite,
  type ClusterDryRun,
  type ClusterFieldError,
  type ClusterRef,
  type ClusterWriteRequest,
  type KubeObject,
} from './cluster-api.js';
import { clusterWriteRequest, type ClusterFields } from './cluster-object.js';

/** The steps of a save to the cluster: dry run, review of the diff, apply; a conflict in between. */
export type ClusterSaveStep =
  | { step: 'closed' }
  | { step: 'checking' }
  | { step: 'review'; dryRun: ClusterDryRun; applying: boolean }
  | { step: 'failed'; message: string; fieldErrors: ClusterFieldError[] }
  | { step: 'conflict'; message: string; overwriting: boolean };

/** Field errors the cluster placed at lines of the spec YAML that was sent. */
export interface SpecDiagnostics {
  specYaml: string;
  diagnostics: EditorDiagnostic[];
}

export interface ClusterSave {
  ref?: ClusterRef;
  state: ClusterSaveStep;
  diagnostics?: SpecDiagnostics;
  /** Dry-runs the fields as `ref`; the dialog opens on it. */
  start(ref: ClusterRef, fields: ClusterFields): void;
  /** Writes what the dry run showed. */
  apply(): void;
  /** After a conflict: replaces what the cluster has now. */
  overwrite(): void;
  close(): void;
}

const fieldDiagnostics = (errors: ClusterFieldError[]): EditorDiagnostic[] =>
  errors.flatMap((error) =>
    error.line === undefined
      ? []
      : [{ line: error.line, column: error.column, message: `${error.field}: ${error.message}` }],
  );

/**
 * The flow of one editor's saves to the cluster. `onSaved` gets the stored object and whether it
 * was created. Everything typed stays in the editor whatever happens here.
 */
export function useClusterSave(
  onSaved: (object: KubeObject, created: boolean) => void,
  /** Called when the cluster placed errors at lines of the spec YAML. */
  onSpecErrors?: () => void,
): ClusterSave {
  const [state, setState] = useState<ClusterSaveStep>({ step: 'closed' });
  const [diagnostics, setDiagnostics] = useState<SpecDiagnostics>();
  const [target, setTarget] = useState<ClusterRef>();
  const pending = useRef<{ ref: ClusterRef; request: ClusterWriteRequest; created: boolean }>(undefined);
  // A closed dialog ignores the answer of the call it was waiting for.
  const attempt = useRef(0);

  const failWith = (failure: unknown) => {
    const error = clusterWriteError(failure);
    if (error?.reason === 'Conflict') {
      setState({ step: 'conflict', message: error.message, overwriting: false });
      return;
    }
    const fieldErrors = error?.fieldErrors ?? [];
    const lined = fieldDiagnostics(fieldErrors);
    if (lined.length > 0 && pending.current?.request.specYaml !== undefined) {
      setDiagnostics({ specYaml: pending.current.request.specYaml, diagnostics: lined });
      onSpecErrors?.();
    }
    setState({ step: 'failed', message: errorMessage(failure), fieldErrors });
  };

  /** Runs one call of the flow; `work` gets a check that the dialog still waits for it. */
  const run = async (work: (current: () => boolean) => Promise<void>) => {
    const mine = ++attempt.current;
    const current = () => mine === attempt.current;
    try {
      await work(current);
    } catch (failure) {
      if (current()) failWith(failure);
    }
  };

  const write = (request: ClusterWriteRequest) =>
    run(async () => {
      const { ref, created } = pending.current!;
      const object = await applyClusterWrite(ref, request);
      setState({ step: 'closed' });
      onSaved(object, created);
    });

  return {
    ref: target,
    state,
    diagnostics,
    start(ref, fields) {
      const request = clusterWriteRequest(fields);
      pending.current = { ref, request, created: fields.resourceVersion === undefined };
      setTarget(ref);
      setDiagnostics(undefined);
      setState({ step: 'checking' });
      void run(async (current) => {
        const dryRun = await dryRunClusterWrite(ref, request);
        if (!current()) return;
        pending.current!.created = dryRun.live === null;
        setState({ step: 'review', dryRun, applying: false });
      });
    },
    apply() {
      if (state.step !== 'review' || state.applying) return;
      setState({ ...state, applying: true });
      void write(pending.current!.request);
    },
    overwrite() {
      if (state.step !== 'conflict' || state.overwriting) return;
      setState({ ...state, overwriting: true });
      void write({ ...pending.current!.request, force: true });
    },
    close() {
      // A write under way finishes first: it cannot be taken back.
      if ((state.step === 'review' && state.applying) || (state.step === 'conflict' && state.overwriting))
        return;
      attempt.current++;
      setState({ step: 'closed' });
    },
  };
}
