/** Placeholder until the definition-of-done job lands: the wizard's sample CEL scripts. */
export const DOD_SCRIPT_SAMPLES: { name: string; script: string }[] = [
  { name: 'Component is healthy', script: "component.status == 'healthy'" },
  {
    name: 'Check is healthy for 5 minutes',
    script: "check.status == 'healthy' && check.age > duration('5m')",
  },
  { name: 'Analysis is resolved', script: "analysis.status == 'resolved'" },
];
