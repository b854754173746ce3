/**
 * `npm run bench -- [--api] [--health] [--web] [--platform-ui] [--default-start] [--incidents]
 * [--playbooks] [--catalog] [--against <dir-or-command>]`.
 */

export type Part =
  'api' | 'health' | 'web' | 'platform-ui' | 'default-start' | 'incidents' | 'playbooks' | 'catalog';
export const PARTS: readonly Part[] = [
  'api',
  'health',
  'web',
  'platform-ui',
  'default-start',
  'incidents',
  'playbooks',
  'catalog',
];

export interface BenchArgs {
  /** The parts to measure: those named, or every part when none is. */
  parts: Set<Part>;
  /** A second build (a directory holding dist/server/main.js, or a command that starts one). */
  against?: string;
}

export function parseArgs(argv: readonly string[]): BenchArgs {
  const parts = new Set<Part>();
  let against: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--against' || arg.startsWith('--against=')) {
      against = arg === '--against' ? argv[++i] : arg.slice('--against='.length);
      if (!against) throw new Error('--against needs a directory or a command');
      continue;
    }
    const part = PARTS.find((name) => arg === `--${name}`);
    if (!part)
      throw new Error(
        `unknown option ${arg} (options: ${PARTS.map((p) => `--${p}`).join(' ')} --against <dir-or-command>)`,
      );
    parts.add(part);
  }
  return { parts: parts.size > 0 ? parts : new Set(PARTS), against };
}
