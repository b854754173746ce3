/**
 * A stand-in for Loki's documented query API (https://grafana.com/docs/loki/latest/reference/loki-http-api/
 * `GET /loki/api/v1/query_range`), not Loki itself: streams held in memory, a LogQL of one stream
 * selector of `label="value"` matchers and optional line filters, `|= "text"` (contains, case
 * sensitive) and `|~ "regexp"` (RE2 found anywhere in the line, `(?i)` at its start for any case;
 * read as a JavaScript `u` regexp, which refuses escapes of characters that are not
 * metacharacters), start inclusive and end exclusive in nanoseconds, `limit`, `direction`,
 * answered as `{status, data: {resultType: 'streams', result: [{stream, values: [[ns, line]]}]}}`.
 * Other LogQL, or a regexp it cannot read, is a 400, as Loki's parser would refuse it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LokiStream {
  stream: Record<string, string>;
  /** [nanoseconds, line], any order. */
  values: [string, string][];
}

export interface LokiStandIn {
  url: string;
  streams: LokiStream[];
  /** The `query` of each request received. */
  queries: string[];
  close(): Promise<void>;
}

const unquote = (text: string) => JSON.parse(text) as string;

type LineFilter = (line: string) => boolean;

/** `|=` contains the text; `|~` finds the regexp, `(?i)` at its start making it case-insensitive. */
function lineFilter(operator: string, text: string): LineFilter {
  if (operator === '|=') return (line) => line.includes(text);
  const caseless = text.startsWith('(?i)');
  const pattern = new RegExp(caseless ? text.slice(4) : text, caseless ? 'iu' : 'u');
  return (line) => pattern.test(line);
}

/** The query's stream matchers and line filters; undefined when it is not LogQL the stand-in reads. */
function parseLogQl(query: string) {
  const match = /^\{([^}]*)\}((?:\s*\|[=~]\s*"(?:[^"\\]|\\.)*")*)\s*$/.exec(query);
  if (!match) return undefined;
  const matchers = [...match[1]!.matchAll(/\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*("(?:[^"\\]|\\.)*")\s*,?/g)].map(
    (m) => [m[1]!, unquote(m[2]!)] as const,
  );
  const filters = [...match[2]!.matchAll(/(\|[=~])\s*("(?:[^"\\]|\\.)*")/g)].map((m) =>
    lineFilter(m[1]!, unquote(m[2]!)),
  );
  return matchers.length ? { matchers, filters } : undefined;
}

function parsed(query: string): NonNullable<ReturnType<typeof parseLogQl>> | string {
  try {
    return parseLogQl(query) ?? `parse error : syntax error in ${query}`;
  } catch (error) {
    return `parse error : error parsing regexp: ${(error as Error).message}`;
  }
}

export async function startLokiStandIn(): Promise<LokiStandIn> {
  const streams: LokiStream[] = [];
  const queries: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loki');
    if (url.pathname !== '/loki/api/v1/query_range') {
      res.writeHead(404).end('404 page not found\n');
      return;
    }
    const query = url.searchParams.get('query') ?? '';
    queries.push(query);
    const logQl = parsed(query);
    if (typeof logQl === 'string') {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`${logQl}\n`);
      return;
    }
    const start = BigInt(url.searchParams.get('start') ?? '0');
    const end = BigInt(url.searchParams.get('end') ?? String(BigInt(Date.now()) * 1_000_000n));
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const backward = (url.searchParams.get('direction') ?? 'backward') === 'backward';
    const entries = streams
      .filter((s) => logQl.matchers.every(([key, value]) => s.stream[key] === value))
      .flatMap((s) =>
        s.values
          .filter(
            ([ns, line]) =>
              BigInt(ns) >= start && BigInt(ns) < end && logQl.filters.every((matches) => matches(line)),
          )
          .map((value) => ({ stream: s.stream, value })),
      )
      .sort((a, b) => (BigInt(a.value[0]) < BigInt(b.value[0]) ? 1 : -1) * (backward ? 1 : -1))
      .slice(0, limit);
    const result = new Map<Record<string, string>, [string, string][]>();
    for (const entry of entries) result.set(entry.stream, [...(result.get(entry.stream) ?? []), entry.value]);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        status: 'success',
        data: { resultType: 'streams', result: [...result].map(([stream, values]) => ({ stream, values })) },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    streams,
    queries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
