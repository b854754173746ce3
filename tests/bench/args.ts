/**
 * `npm run bench -- [--api] [--health] [--web] [--platform-ui] [--default-start] [--incidents]
 * [--playbooks] [--catalog] [--topology] [--jobs] [--logs] [--grants] [--notifications] [--agents] [--proxy] [--catalog-items <n>] [--scrape-objects <n>]
 * [--notification-events <n>] [--history-rows <n>] [--against <dir-or-command>]`.
 */

export type Part =
  | 'api'
  | 'health'
  | 'web'
  | 'platform-ui'
  | 'default-start'
  | 'incidents'
  | 'playbooks'
  | 'catalog'
  | 'topology'
  | 'jobs'
  | 'logs'
  | 'grants'
  | 'notifications'
  | 'agents'
  | 'proxy';
export const PARTS: readonly Part[] = [
  'api',
  'health',
  'web',
  'platform-ui',
  'default-start',
  'incidents',
  'playbooks',
  'catalog',
  'topology',
  'jobs',
  'logs',
  'grants',
  'notifications',
  'agents',
  'proxy',
];

export interface BenchArgs {
  /** The parts to measure: those named, or every part when none is. */
  parts: Set<Part>;
  /** A second build (a directory holding dist/server/main.js, or a command that starts one). */
  against?: string;
  /** The catalog data set's items (ten changes each) when smaller than the budget's 100,000. */
  catalogItems?: number;
  /** The objects the kubernetes scrape reads when fewer than the budget's 10,000. */
  scrapeObjects?: number;
  /** The check failures the notifications part makes when fewer than the issue's 10,000. */
  notificationEvents?: number;
  /** The send-history rows the notifications part loads when fewer than the budget's 1,000,000. */
  historyRows?: number;
}

/** The value of `--name value` or `--name=value` at argv[i], and the index of its last word. */
function valueOf(argv: readonly string[], i: number, name: string): { value?: string; last: number } {
  const arg = argv[i]!;
  if (arg === name) return { value: argv[i + 1], last: i + 1 };
  return { value: arg.slice(name.length + 1), last: i };
}

function positiveInteger(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1) throw new Error(`${name} needs a whole number above 0`);
  return n;
}

const SIZES = {
  '--catalog-items': 'catalogItems',
  '--scrape-objects': 'scrapeObjects',
  '--notification-events': 'notificationEvents',
  '--history-rows': 'historyRows',
} as const;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const parts = new Set<Part>();
  const sizes: Pick<BenchArgs, (typeof SIZES)[keyof typeof SIZES]> = {};
  let against: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--against' || arg.startsWith('--against=')) {
      const { value, last } = valueOf(argv, i, '--against');
      if (!value) throw new Error('--against needs a directory or a command');
      against = value;
      i = last;
      continue;
    }
    const size = (Object.keys(SIZES) as (keyof typeof SIZES)[]).find(
      (name) => arg === name || arg.startsWith(`${name}=`),
    );
    if (size) {
      const { value, last } = valueOf(argv, i, size);
      sizes[SIZES[size]] = positiveInteger(size, value);
      i = last;
      continue;
    }
    const part = PARTS.find((name) => arg === `--${name}`);
    if (!part)
      throw new Error(
        `unknown option ${arg} (options: ${PARTS.map((p) => `--${p}`).join(' ')} ${Object.keys(SIZES).join(' <n> ')} <n> --against <dir-or-command>)`,
      );
    parts.add(part);
  }
  return { parts: parts.size > 0 ? parts : new Set(PARTS), against, ...sizes };
}
