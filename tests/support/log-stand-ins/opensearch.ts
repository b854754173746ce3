/**
 * A stand-in for the `_search` API OpenSearch and Elasticsearch document
 * (`POST /{index}/_search`), not either of them: documents held in memory per index (a trailing
 * `*` in the index matches by prefix), Basic auth checked when a password is set, and of the
 * query DSL the parts a log search uses: `bool.filter` of `range` (gte/lte on ISO times) and
 * `match_phrase`, `bool.must` of `match` (every word, case-insensitive, as the standard analyzer
 * does), `sort` on one field desc, `size`, `search_after`, `track_total_hits`. The answer is
 * `{hits: {total: {value, relation}, hits: [{_index, _id, _source, sort}]}}`; a query it cannot
 * read is a 400 with `{error: {type, reason}}`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Doc = Record<string, unknown>;

export interface SearchStandIn {
  url: string;
  indices: Map<string, Doc[]>;
  /** The bodies of the searches received. */
  bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

type Raw = Record<string, unknown>;
const fieldOf = (doc: Doc, field: string): unknown =>
  field in doc
    ? doc[field]
    : field.split('.').reduce<unknown>((v, part) => (v as Raw | undefined)?.[part], doc);

function matchesClause(doc: Doc, clause: Raw): boolean {
  const [kind, body] = Object.entries(clause)[0] as [string, Raw];
  const [field, condition] = Object.entries(body)[0] as [string, unknown];
  const value = fieldOf(doc, field);
  if (kind === 'range') {
    const { gte, lte } = condition as { gte?: string; lte?: string };
    const at = Date.parse(String(value));
    return (!gte || at >= Date.parse(gte)) && (!lte || at <= Date.parse(lte));
  }
  if (kind === 'match_phrase')
    return String(value ?? '')
      .toLowerCase()
      .includes(String(condition).toLowerCase());
  if (kind === 'match') {
    const query = typeof condition === 'object' ? String((condition as Raw).query) : String(condition);
    const words = String(value ?? '')
      .toLowerCase()
      .split(/\W+/);
    return query
      .toLowerCase()
      .split(/\W+/)
      .filter(Boolean)
      .every((word) => words.includes(word));
  }
  throw new Error(`unknown query [${kind}]`);
}

export async function startSearchStandIn(
  options: { username?: string; password?: string } = {},
): Promise<SearchStandIn> {
  const indices = new Map<string, Doc[]>();
  const bodies: Record<string, unknown>[] = [];
  const expected = options.password
    ? `Basic ${Buffer.from(`${options.username ?? ''}:${options.password}`).toString('base64')}`
    : undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (expected && req.headers.authorization !== expected)
        return answer(401, {
          error: { type: 'security_exception', reason: 'unable to authenticate user' },
          status: 401,
        });
      const match = /^\/([^/]+)\/_search$/.exec(new URL(req.url ?? '/', 'http://search').pathname);
      if (req.method !== 'POST' || !match)
        return answer(404, { error: { type: 'not_found', reason: 'no handler' } });
      const pattern = decodeURIComponent(match[1]!);
      const docs = [...indices]
        .filter(([name]) =>
          pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
        )
        .flatMap(([index, list]) => list.map((doc, i) => ({ index, id: `${index}-${i}`, doc })));
      if (!docs.length && !pattern.endsWith('*'))
        return answer(404, {
          error: { type: 'index_not_found_exception', reason: `no such index [${pattern}]` },
        });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Raw;
      bodies.push(body);
      try {
        const bool = ((body.query as Raw | undefined)?.bool ?? {}) as { filter?: Raw[]; must?: Raw[] };
        const sortField = Object.keys(((body.sort as Raw[] | undefined) ?? [{ '@timestamp': {} }])[0]!)[0]!;
        const timeOf = (doc: Doc) => Date.parse(String(fieldOf(doc, sortField)));
        const hits = docs
          .filter(({ doc }) =>
            [...(bool.filter ?? []), ...(bool.must ?? [])].every((c) => matchesClause(doc, c)),
          )
          .sort((a, b) => timeOf(b.doc) - timeOf(a.doc));
        const after = body.search_after as number[] | undefined;
        const page = hits
          .filter(({ doc }) => !after || timeOf(doc) < after[0]!)
          .slice(0, Number(body.size ?? 10));
        answer(200, {
          took: 1,
          hits: {
            total: { value: hits.length, relation: 'eq' },
            hits: page.map(({ index, id, doc }) => ({
              _index: index,
              _id: id,
              _source: doc,
              sort: [timeOf(doc)],
            })),
          },
        });
      } catch (error) {
        answer(400, { error: { type: 'parsing_exception', reason: (error as Error).message } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    indices,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
