/**
 * The platform's own UI (the flanksource-ui package's production build) beside the console, on
 * the same server and data: fetched with `npm pack` into a cache outside the project (never a
 * dependency), served by a small static server as the package's serve-build script serves it,
 * with its API calls proxied to the console. See docs/bench.md.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import express, { type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { CheckSummary, HealthSummaryResponse } from '../../server/src/platform/health/types.js';
import type { RenderTarget } from './render.js';
import type { Server } from './server.js';
import type { RowSpec } from './table.js';

export const PLATFORM_UI_PACKAGE = '@flanksource/flanksource-ui@1.0.113';

/**
 * Mission Control's deployment of the UI: a sidebar shell with /health among its routes, as the
 * console is. (CANARY_CHECKER renders the same health component alone, at every path.)
 */
const DEPLOYMENT = 'INCIDENT_MANAGER';

/** Every check shown, ungrouped, over the last hour: the console's --web page, in this UI's words. */
export const PLATFORM_HEALTH_PAGE = 'health?hidePassing=false&groupBy=no-group&timeRange=1h';

const execFileAsync = promisify(execFile);
const cacheDir = path.join(os.tmpdir(), 'ops-bench-platform-ui', PLATFORM_UI_PACKAGE.replace(/[@/]/g, '_'));

/**
 * The unpacked package's build/ directory, packed and unpacked on the first run only; a string
 * saying why when it can't be had (no registry).
 */
export async function platformUiBuild(): Promise<{ dir: string } | { why: string }> {
  const dir = path.join(cacheDir, 'package', 'build');
  if (fs.existsSync(path.join(dir, 'index.html'))) return { dir };
  fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
  const work = fs.mkdtempSync(`${cacheDir}-`);
  try {
    const { stdout } = await execFileAsync(
      'npm',
      ['pack', PLATFORM_UI_PACKAGE, '--pack-destination', work, '--json', '--fetch-retries=0'],
      { cwd: work, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const tarball = path.join(work, packed!.filename);
    await execFileAsync('tar', ['-xzf', tarball, '-C', work]);
    fs.rmSync(tarball);
    precompress(path.join(work, 'package', 'build', 'static'));
    // Another bench may have unpacked it meanwhile: then its copy stays.
    fs.renameSync(work, cacheDir);
  } catch (error) {
    if (fs.existsSync(path.join(dir, 'index.html'))) return { dir };
    const message = (error as { stderr?: string }).stderr?.match(/npm error (code|network) .*/)?.[0];
    return {
      why: `${PLATFORM_UI_PACKAGE} could not be packed and unpacked: ${message ?? (error as Error).message.split('\n')[0]}`,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return { dir };
}

/** A gzip copy (default level, as the package's `serve-build` script makes) beside each script and style sheet. */
function precompress(staticDir: string): void {
  for (const entry of fs.readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(`${file}.gz`, gzipSync(fs.readFileSync(file)));
  }
}

/**
 * The console's path for a path the platform UI calls, or undefined for the UI's own files and
 * routes. The platform serves PostgREST at /db, canary-checker at /canary (and at /api in a
 * CANARY_CHECKER deployment), the config database at /config/db; the console serves the same
 * contract under /api.
 */
export function consolePathOf(uiPath: string): string | undefined {
  const [pathname = '', query] = uiPath.split(/\?(.*)/s, 2);
  let mapped: string | undefined;
  if (/^\/(db|canary)(\/|$)/.test(pathname)) mapped = `/api${pathname}`;
  else if (/^\/config\/db(\/|$)/.test(pathname)) mapped = `/api${pathname.slice('/config'.length)}`;
  else if (/^\/api(\/|$)/.test(pathname)) mapped = `/api/canary${pathname}`;
  if (mapped === undefined) return undefined;
  return query === undefined ? mapped : `${mapped}?${query}`;
}

/** One run as the legacy summary lists it (newest first). */
export interface LegacyStatus {
  status: boolean;
  invalid: boolean;
  time: string;
  duration: number;
  message: string | null;
  error: string | null;
}

export type StatusRow = Omit<LegacyStatus, 'invalid'> & { check_id: string; invalid?: boolean };

/** How many recent runs the legacy summary carried per check. */
export const LEGACY_STATUSES_PER_CHECK = 5;

/** The newest `perCheck` runs of each check, from rows ordered newest first. */
export function recentStatusesByCheck(
  rows: readonly StatusRow[],
  perCheck = LEGACY_STATUSES_PER_CHECK,
): Map<string, LegacyStatus[]> {
  const byCheck = new Map<string, LegacyStatus[]>();
  for (const { check_id, status, time, duration, message, error, invalid } of rows) {
    const statuses = byCheck.get(check_id) ?? [];
    if (statuses.length >= perCheck) continue;
    statuses.push({ status, invalid: invalid ?? false, time, duration, message, error });
    byCheck.set(check_id, statuses);
  }
  return byCheck;
}

export type LegacyCheck = CheckSummary & { key: string; checkStatuses: LegacyStatus[] };

/**
 * The console's summary in the shape this UI reads: canary-checker's legacy `GET /api` answer,
 * `{checks: [...]}` with each check's recent runs in `checkStatuses`. The platform itself now
 * answers `GET /api/summary` with `checks_summary` and no runs, as the console does.
 */
export function toLegacySummary(
  summary: HealthSummaryResponse,
  statuses: ReadonlyMap<string, LegacyStatus[]>,
): { checks: LegacyCheck[]; duration: number } {
  return {
    duration: summary.duration,
    checks: summary.checks_summary.map((check) => ({
      ...check,
      key: check.id,
      checkStatuses: statuses.get(check.id) ?? [],
    })),
  };
}

/** The recent runs of every check over the last hour, read once through the console's /api/db. */
async function recentStatuses(server: Server): Promise<Map<string, LegacyStatus[]>> {
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const rows: StatusRow[] = [];
  const page = 1000;
  for (let offset = 0; ; offset += page) {
    const response = await fetch(
      `${server.url}api/db/check_statuses?select=check_id,time,status,duration,message,error,invalid` +
        `&time=gte.${encodeURIComponent(since)}&order=time.desc,check_id.asc&limit=${page}&offset=${offset}`,
      { headers: { cookie: server.cookie } },
    );
    if (!response.ok) throw new Error(`check_statuses: HTTP ${response.status}`);
    const batch = (await response.json()) as StatusRow[];
    rows.push(...batch);
    if (batch.length < page) return recentStatusesByCheck(rows);
  }
}

/** Sends the `.gz` copy of a build file when the browser takes gzip, as the package's serve-build does. */
function precompressedStatic(buildDir: string): RequestHandler {
  return (req, res, next) => {
    const file = path.join(buildDir, path.normalize(req.path));
    if (
      !file.startsWith(buildDir + path.sep) ||
      !req.acceptsEncodings('gzip') ||
      !fs.existsSync(`${file}.gz`)
    )
      return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.sendFile(`${file}.gz`);
  };
}

export interface PlatformUi {
  /** Where the UI is served, ending in a slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the UI's build with its API calls proxied to the console server (the browser's sign-in
 * cookie passes through: both listen on 127.0.0.1). Its legacy summary call is answered from the
 * console's summary, fetched on each call; the recent runs it also carries are read once here,
 * before any load, so the platform's figures don't pay for them.
 */
export async function startPlatformUi(buildDir: string, server: Server): Promise<PlatformUi> {
  const statuses = await recentStatuses(server);
  const indexHtml = fs
    .readFileSync(path.join(buildDir, 'index.html'), 'utf8')
    .replace('__APP_DEPLOYMENT__', DEPLOYMENT);
  const target = server.url.replace(/\/$/, '');
  const app = express();
  app.get(['/canary/api', '/api'], async (req, res, next) => {
    try {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const response = await fetch(`${target}/api/canary/api/summary${query}`, {
        headers: { cookie: req.headers.cookie ?? '' },
      });
      if (!response.ok) {
        res
          .status(response.status)
          .type('json')
          .send(await response.text());
        return;
      }
      res.json(toLegacySummary((await response.json()) as HealthSummaryResponse, statuses));
    } catch (error) {
      next(error);
    }
  });
  app.use(
    createProxyMiddleware({
      target,
      pathFilter: (pathname) => consolePathOf(pathname) !== undefined,
      pathRewrite: (uiPath) => consolePathOf(uiPath) ?? uiPath,
    }),
  );
  app.use(precompressedStatic(buildDir), express.static(buildDir, { index: false }));
  app.use((_req, res) => {
    res.type('html').send(indexHtml);
  });
  const listener = await new Promise<http.Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = listener.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        listener.closeAllConnections();
        listener.close(() => resolve());
      }),
  };
}

/** The rows of the --platform-ui part, beside the console's --web rows of the same run. */
export const PLATFORM_ROWS = {
  render: { figure: `platform UI /health first render, cold, p50`, unit: 'ms' },
  js: { figure: 'platform UI initial JS on the wire (gzip as served)', unit: 'KB' },
  renderRatio: {
    figure: '/health first render p50, console/platform',
    unit: 'ratio',
    budget: { max: 1 / 5, orEqual: true, text: '≥ 5x faster (≤ 0.20x)' },
  },
  jsRatio: {
    figure: 'initial JS gzip, console/platform',
    unit: 'ratio',
    budget: { max: 1 / 8, orEqual: true, text: '≥ 8x lighter (≤ 0.125x)' },
  },
} satisfies Record<string, RowSpec>;

/** console/platform, or why it can't be had. */
export function consoleOverPlatform(consoleFigure: number, platformFigure: number): number | string {
  if (!(platformFigure > 0) || !Number.isFinite(consoleFigure)) return 'no platform figure';
  return consoleFigure / platformFigure;
}

/** The platform UI's health page on ui, signed in as the console's server is. */
export function platformTarget(ui: PlatformUi, server: Server, shown: RegExp): RenderTarget {
  return { pageUrl: `${ui.url}${PLATFORM_HEALTH_PAGE}`, cookie: server.cookie, shown, optional: true };
}
