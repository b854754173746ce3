/**
 * Switches that turn "skipped: X is missing" into a failed run. CI sets them (.ci/run), so a
 * variant never goes untested unnoticed; a developer without X gets the skip and its reason.
 */
export type Requirement =
  'REQUIRE_POSTGRES' | 'REQUIRE_KUBE_TOOLS' | 'REQUIRE_REDIS' | 'REQUIRE_OPENSSL' | 'REQUIRE_CHECK_SERVERS';

export function isRequired(requirement: Requirement): boolean {
  return ['1', 'true'].includes(process.env[requirement] ?? '');
}

/** Says which tests are skipped and why; throws instead when the switch is set. */
export function skipOrFail(requirement: Requirement, skipped: string, reason: string): void {
  if (isRequired(requirement)) throw new Error(`${skipped} cannot run (${requirement}=1): ${reason}`);
  console.warn(`Skipping ${skipped}: ${reason} (${requirement}=1 makes this fail the run)`);
}
