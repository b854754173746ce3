import { requestLimits as limits } from './limits.js';
import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const path = (keys: number) => Array.from({ length: keys }, (_, i) => `k${i}`).join('->');
const repeat = (count: number, make: (i: number) => string, separator = ',') =>
  Array.from({ length: count }, (_, i) => make(i)).join(separator);
const nested = (levels: number, open: string, inner: string, close: string) =>
  open.repeat(levels) + inner + close.repeat(levels);
const query = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** Refused with 400 PGRST100 naming the limit, and the database answers right after. */
async function expectRefused(relationAndQuery: string, message: RegExp) {
  const answer = await request(fixture, 'GET', relationAndQuery);
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toMatchObject({ code: 'PGRST100', message: expect.stringMatching(message) });
  expect(JSON.stringify(answer.body)).not.toContain('hunter2');
  expect((await request(fixture, 'GET', 'people?select=id&id=eq.1')).body).toEqual([{ id: 1 }]);
}
async function expectAnswered(relationAndQuery: string) {
  const answer = await request(fixture, 'GET', relationAndQuery);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
}

describe('request limits', () => {
  it('refuses a JSON path longer than the limit in select, order, filters and logic trees', async () => {
    const limit = new RegExp(`has ${limits.jsonPathKeys + 1} keys; the limit is ${limits.jsonPathKeys}$`);
    const tooLong = `settings->${path(limits.jsonPathKeys + 1)}`;
    await expectRefused(`people?select=${tooLong}`, limit);
    await expectRefused(`people?select=x:${tooLong.replace('->k0', '->>k0')}`, limit);
    await expectRefused(`people?order=${tooLong}.desc`, limit);
    await expectRefused(`people?${tooLong}=eq.1`, limit);
    await expectRefused(`people?or=(id.eq.1,${tooLong}.eq.1)`, limit);
    await expectRefused(`incidents?select=id,created_by(id)&created_by.${tooLong}=eq.1`, limit);
    await expectRefused(`people?select=settings->${path(400)}`, /has 400 keys; the limit is 16$/);
    await expectRefused(`people?settings->${path(400)}=eq.1`, /has 400 keys/);
    await expectAnswered(`people?select=settings->${path(limits.jsonPathKeys)}&order=settings->k0`);
  });

  it('refuses embedding nested deeper than the limit', async () => {
    const embeds = (levels: number) => nested(levels, 'parent_id(id,', 'id', ')');
    const limit = new RegExp(
      `more than ${limits.selectDepth} levels deep; the limit is ${limits.selectDepth}$`,
    );
    await expectRefused(`hypotheses?select=id,${embeds(limits.selectDepth + 1)}`, limit);
    await expectRefused(`hypotheses?select=${embeds(500)}`, limit);
    await expectRefused(`hypotheses?select=${nested(400, 'a(', '*', ')')}`, limit);
    await expectAnswered(`hypotheses?select=id,${embeds(limits.selectDepth)}`);
  });

  it('refuses more select items than the limit, counted at every level', async () => {
    const limit = new RegExp(`has ${limits.selectItems + 1} items; the limit is ${limits.selectItems}$`);
    await expectRefused(`people?select=${repeat(limits.selectItems + 1, (i) => `a${i}:id`)}`, limit);
    const embedded = repeat(limits.selectItems - 1, (i) => `a${i}:bio`);
    await expectRefused(`people?select=id,profiles(${embedded})`, limit);
    await expectAnswered(`people?select=${repeat(limits.selectItems, (i) => `a${i}:id`)}`);
  });

  it('refuses logic trees nested deeper than the limit', async () => {
    const limit = new RegExp(
      `more than ${limits.logicDepth} levels deep; the limit is ${limits.logicDepth}$`,
    );
    const tree = (levels: number) => nested(levels - 1, 'or(', 'id.eq.1', ')');
    await expectRefused(`people?or=(${tree(limits.logicDepth + 1)})`, limit);
    await expectRefused(`people?not.and=(${tree(limits.logicDepth + 1).replaceAll('or(', 'and(')})`, limit);
    await expectRefused(`incidents?select=id,hypotheses(id)&hypotheses.or=(${tree(1000)})`, limit);
    await expectAnswered(`people?or=(${tree(limits.logicDepth)})`);
  });

  it('refuses more filter conditions than the limit, in parameters and logic trees together', async () => {
    const limit = new RegExp(`has ${limits.filters + 1} filter conditions; the limit is ${limits.filters}$`);
    const conditions = (count: number) => repeat(count, (i) => `name.neq.x${i}`);
    await expectRefused(
      `people?${query(Array.from({ length: limits.filters + 1 }, (_, i) => ['name', `neq.x${i}`]))}`,
      limit,
    );
    await expectRefused(`people?or=(${conditions(limits.filters + 1)})`, limit);
    await expectRefused(`people?id=gt.0&and=(${conditions(limits.filters)})`, limit);
    await expectAnswered(`people?or=(${conditions(limits.filters)})`);
  });

  it('refuses more order terms than the limit', async () => {
    const limit = new RegExp(`order has ${limits.orderTerms + 1} terms; the limit is ${limits.orderTerms}$`);
    await expectRefused(`people?order=${repeat(limits.orderTerms + 1, () => 'id')}`, limit);
    await expectRefused(
      `incidents?select=id,hypotheses(id)&hypotheses.order=${repeat(500, () => 'id.desc')}`,
      /500 terms/,
    );
    await expectAnswered(`people?order=${repeat(limits.orderTerms, () => 'name.desc')}`);
  });

  it('refuses lists longer than the limit', async () => {
    const items = (count: number) => repeat(count, (i) => String(i));
    const limit = new RegExp(`has ${limits.listItems + 1} items; the limit is ${limits.listItems}$`);
    await expectRefused(`people?id=in.(${items(limits.listItems + 1)})`, limit);
    await expectRefused(`people?id=not.in.(${items(limits.listItems + 1)})`, limit);
    await expectRefused(`people?id=eq(any).{${items(limits.listItems + 1)}}`, limit);
    await expectRefused(`people?or=(id.in.(${items(limits.listItems + 1)}))`, limit);
    await expectRefused(`people?columns=${repeat(limits.listItems + 1, () => 'id')}`, limit);
    await expectAnswered(`people?id=in.(${items(limits.listItems)})`);
  });

  it('refuses names longer than Postgres keeps, wherever a name goes', async () => {
    const long = 'n'.repeat(limits.identifierBytes + 1);
    const limit = new RegExp(
      `has ${limits.identifierBytes + 1} bytes; the limit is ${limits.identifierBytes}$`,
    );
    for (const asked of [
      `people?select=${long}`,
      `people?select=${long}:name`,
      `people?select=id,${long}(id)`,
      `incidents?select=id,created_by!${long}(id)`,
      `incidents?select=score::${long}`,
      `people?${long}=eq.1`,
      `people?order=${long}`,
      `people?or=(${long}.eq.1)`,
      `people?${long}.name=eq.1`,
      `people?on_conflict=${long}`,
    ])
      await expectRefused(asked, limit);
    // Bytes, as Postgres counts them: 32 two-byte letters are 64.
    await expectRefused(`people?select=${encodeURIComponent('é'.repeat(32))}`, /has 64 bytes/);
    // A name within the limit is looked up as usual.
    const unknown = await request(fixture, 'GET', `people?select=${long.slice(1)}`);
    expect(unknown).toMatchObject({ status: 400, body: { code: '42703' } });
  });

  it('refuses a query longer than the limit', async () => {
    const limit = new RegExp(`has ${limits.queryLength + 1} characters; the limit is ${limits.queryLength}$`);
    const padding = 'x'.repeat(limits.queryLength - 'name=eq.'.length + 1);
    await expectRefused(`people?name=eq.${padding}`, limit);
    await expectAnswered(`people?name=eq.${padding.slice(1)}`);
  });

  it('refuses regular expressions that take too long to compile', async () => {
    await expectRefused(
      `people?name=match.${'a'.repeat(limits.patternLength + 1)}`,
      new RegExp(`has ${limits.patternLength + 1} characters; the limit is ${limits.patternLength}$`),
    );
    const repeats = new RegExp(`multiply past the limit; the limit is ${limits.patternRepeats}$`);
    for (const pattern of ['(a{1,255}){1,255}', '((a{1,16}){1,16}){1,16}', 'a{1025}', '(a{0,99999999999})'])
      await expectRefused(`people?name=imatch.${encodeURIComponent(pattern)}`, repeats);
    await expectRefused(`people?name=match(any).{x,${encodeURIComponent('(a{1,255}){1,255}')}}`, repeats);
    for (const pattern of ['^\\d{4}-\\d{2}-\\d{2}$', '(a{1,32}){1,32}', 'a\\{1000}'])
      await expectAnswered(`people?name=match.${encodeURIComponent(pattern)}`);
  });

  it('refuses JSON bodies nested deeper than the limit, in writes and function calls', async () => {
    const deep = (levels: number) => nested(levels, '[', '1', ']');
    const limit = new RegExp(`more than ${limits.bodyDepth} levels deep; the limit is ${limits.bodyDepth}$`);
    for (const [method, target, body] of [
      ['POST', 'people', `{"name":"x","settings":${deep(limits.bodyDepth)}}`],
      ['POST', 'people', `[{"name":"x","tags":${deep(5000)}}]`],
      ['PATCH', 'people?id=eq.1', `{"settings":${nested(limits.bodyDepth, '{"a":', '1', '}')}}`],
      ['POST', 'rpc/add_numbers', `{"a":${deep(limits.bodyDepth)}}`],
    ]) {
      const answer = await request(fixture, method!, target!, body);
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 400,
        body: { code: 'PGRST100', message: expect.stringMatching(limit) },
      });
    }
    const within = await request(
      fixture,
      'POST',
      'people',
      `{"name":"deep","settings":${deep(limits.bodyDepth - 1)}}`,
    );
    expect(within.status).toBe(201);
  });
});
