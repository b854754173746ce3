/**
 * Automatic definition-of-done items: a CEL expression on an evidence, evaluated on a schedule
 * against the evidence's target until it gives true (the item is then done). These are the
 * variables the server hands each script, and the samples the wizard offers (spec 2 §2).
 *
 *   component, topology  a topology evidence's component: id, name, type, status, health,
 *                        status_reason, updated_at
 *   check                a check evidence's check: id, name, type, status, severity,
 *                        last_runtime, last_transition_time, age (a duration since its last run)
 *   config_analysis      a config_analysis evidence's analysis: id, analyzer, analysis_type,
 *                        severity, status, message, last_observed
 *   config               a config (or config_change) evidence's item: id, name, type, status,
 *                        health
 *   evidence             the evidence itself: id, type, description
 *
 * A target that no longer exists is absent from the variables; a script naming it fails, and
 * the failure is recorded on the item.
 */

export interface DodScriptSample {
  key: 'component-health' | 'check-health-and-age' | 'analysis-resolved';
  /** What the wizard shows for it. */
  label: string;
  /** The evidence type it suits. */
  evidenceType: 'topology' | 'check' | 'config_analysis';
  script: string;
}

export const DOD_SCRIPT_SAMPLES: readonly DodScriptSample[] = [
  {
    key: 'component-health',
    label: 'Component is healthy',
    evidenceType: 'topology',
    script: 'component.status == "healthy"',
  },
  {
    key: 'check-health-and-age',
    label: 'Check passed in the last 10 minutes',
    evidenceType: 'check',
    script: 'check.status == "healthy" && check.age < duration("10m")',
  },
  {
    key: 'analysis-resolved',
    label: 'Analysis is resolved',
    evidenceType: 'config_analysis',
    script: 'config_analysis.status == "resolved"',
  },
];

/** The sample that suits an evidence type, if one does. */
export const dodSampleFor = (evidenceType: string): DodScriptSample | undefined =>
  DOD_SCRIPT_SAMPLES.find((sample) => sample.evidenceType === evidenceType);

/**
 * Where the scheduled evaluation leaves its outcome, in evidences.properties.script:
 * the value the script gave (JSON), or the error it failed with, and when it ran.
 */
export interface DodScriptOutcome {
  result?: unknown;
  error?: string;
  evaluated_at: string;
}

/** The changelog's reason when the last item of a definition of done is done. */
export const DOD_RESOLVED_REASON = 'every item of the definition of done is done';
