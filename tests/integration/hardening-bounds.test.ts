import { requestLimits as limits } from '../../server/src/platform/rest/limits.js';
import { availableBackends } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SECRET = 'bounds-secret-password';
const CERTIFICATE = 'bounds-secret-certificate';

const keys = (count: number) => Array.from({ length: count }, () => 'a').join('->');
const list = (count: number) => Array.from({ length: count }, (_, i) => String(i)).join(',');
const nested = (levels: number, open: string, inner: string, close: string) =>
  open.repeat(levels) + inner + close.repeat(levels);

/**
 * Requests past the limits of one dimension each, as a signed-in viewer sends them: every one is
 * answered at once with a 400 naming the limit, and the console answers right after (a request
 * that made PGlite spin would leave it unable to answer anything).
 */
const refused: [string, string, number][] = [
  ['a 400-key JSON path in select', `connections?select=properties->${keys(400)}`, limits.jsonPathKeys],
  ['a 400-key JSON path in order', `connections?order=properties->${keys(400)}.desc`, limits.jsonPathKeys],
  ['a 400-key JSON path in a filter', `connections?properties->${keys(400)}=eq.1`, limits.jsonPathKeys],
  [
    'a 400-key JSON path in a logic tree',
    `connections?or=(name.eq.x,properties->${keys(400)}.eq.1)`,
    limits.jsonPathKeys,
  ],
  [
    'a JSON path one key too long',
    `canaries?select=spec->${keys(limits.jsonPathKeys + 1)}`,
    limits.jsonPathKeys,
  ],
  [
    'or(and(or(…))) 500 levels deep',
    `checks?or=(${nested(499, 'and(or(', 'id.eq.x', '))')})`,
    limits.logicDepth,
  ],
  ['an in list of 2,000 items', `checks?name=in.(${list(2000)})`, limits.listItems],
  [
    'an in list of 1,000 items and one more',
    `checks?name=not.in.(${list(limits.listItems + 1)})`,
    limits.listItems,
  ],
  ['a 500-byte column name', `checks?select=${'c'.repeat(500)}`, limits.identifierBytes],
  ['a 64-byte alias', `checks?select=${'c'.repeat(64)}:name`, limits.identifierBytes],
  ['embedding 300 levels deep', `checks?select=${nested(300, 'canaries(', 'id', ')')}`, limits.selectDepth],
  [
    '500 order terms',
    `checks?order=${Array.from({ length: 500 }, () => 'name').join(',')}`,
    limits.orderTerms,
  ],
  [
    '300 filters',
    `checks?${Array.from({ length: 300 }, (_, i) => `name=neq.${i}`).join('&')}`,
    limits.filters,
  ],
  ['a 13,000-character query', `checks?name=eq.${'x'.repeat(13_000)}`, limits.queryLength],
  [
    'a regular expression with nested repetition',
    `checks?name=match.${encodeURIComponent('((a{1,255}){1,255}){1,255}')}`,
    limits.patternRepeats,
  ],
];

describe.each(availableBackends())('request limits (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    // A connection with secrets, so an answer that leaked write-only values would show them.
    await server.db.query(
      `insert into connections (name, type, password, certificate) values ('bounds', 'postgres', $1, $2)`,
      [SECRET, CERTIFICATE],
    );
  });
  afterAll(() => server.stop());

  it.each(refused)('refuses %s with a 400 naming the limit', async (_what, path, limit) => {
    const response = await server.fetch(`api/db/${path}`, {}, 'viewer');
    const text = await response.text();
    expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
    });
    const body = JSON.parse(text) as { code: string; message: string };
    expect(body.code).toBe('PGRST100');
    expect(body.message).toMatch(new RegExp(`; the limit is ${limit}$`));
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(CERTIFICATE);
    expect(text.length).toBeLessThan(1000);
    expect((await server.fetch('healthz')).status).toBe(200);
  });

  it('answers the same requests within the limits', async () => {
    for (const path of [
      `canaries?select=id,spec->${keys(limits.jsonPathKeys)}&order=spec->${keys(limits.jsonPathKeys)}`,
      `checks?or=(${nested(limits.logicDepth - 1, 'or(', 'name.eq.x', ')')})`,
      `checks?name=in.(${list(limits.listItems)})&select=id,canaries(id)`,
    ]) {
      const response = await server.fetch(`api/db/${path}`, {}, 'viewer');
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      await response.arrayBuffer();
    }
  });
});
