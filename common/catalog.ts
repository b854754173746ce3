/**
 * The catalog's values both sides read (spec 3 §2.1 Insights; the checks of migration 0002): the
 * insight types the summary counts one column each, and the severities of changes and insights.
 */
export const ANALYSIS_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;

export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;

export type Severity = (typeof SEVERITIES)[number];
