import { RestError } from './errors.js';
import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';
import { composeWriteRules, type WriteRule, type WriteRules } from './write-rules.js';

/**
 * Two areas' rules on one relation (teams), composed as the platform API composes the areas':
 * the first area records what each phase saw; the second writes a note in the write's
 * transaction after it, and can be told to refuse at any phase.
 */

const seen: string[] = [];
let refuseAt: keyof WriteRule | undefined;
const refuse = (phase: keyof WriteRule) => {
  if (refuseAt === phase) throw new RestError(409, 'PGRST409', `second area refuses at ${phase}`);
};

const firstArea: WriteRules = {
  teams: {
    validate: ({ method, rows }) => void seen.push(`first validate ${method} ${rows.length}`),
    guard: async ({ existing }) => {
      const names = (await existing(['name'])).map((row) => String(row.name));
      seen.push(`first guard [${names.join(',')}]`);
    },
    after: ({ written }) =>
      void seen.push(`first after [${written.map((row) => String(row.name)).join(',')}]`),
  },
};

const secondArea: WriteRules = {
  teams: {
    validate: () => {
      seen.push('second validate');
      refuse('validate');
    },
    guard: () => {
      seen.push('second guard');
      refuse('guard');
    },
    after: async ({ tx, method, written }) => {
      seen.push('second after');
      for (const row of written)
        await tx.query('insert into notes (body) values ($1)', [`${method} team ${String(row.name)}`]);
      refuse('after');
    },
  },
  notes: { validate: () => void seen.push('notes validate') },
};

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture({ writeRules: composeWriteRules(firstArea, secondArea) });
});
afterAll(() => fixture.close());
afterEach(() => {
  seen.length = 0;
  refuseAt = undefined;
});

const call = (method: string, path: string, body?: unknown) => request(fixture, method, path, body);
const sql = async (text: string, params: unknown[] = []) => (await fixture.db.query(text, params)).rows;
const notesAbout = (name: string) =>
  sql(`select body from notes where body like $1 order by id`, [`%${name}`]);

describe('write rules of two areas on one relation', () => {
  it('runs both areas at every phase, in the order the areas were composed', async () => {
    const response = await call('POST', 'teams', { name: 'Rules A' });
    expect(response.status).toBe(201);
    expect(seen).toEqual([
      'first validate POST 1',
      'second validate',
      'first guard []',
      'second guard',
      'first after [Rules A]',
      'second after',
    ]);
    expect(await notesAbout('Rules A')).toEqual([{ body: 'POST team Rules A' }]);
  });

  it('gives a PATCH guard the rows it will change, and its after rules the rows as written', async () => {
    await call('POST', 'teams', { name: 'Rules B' });
    seen.length = 0;
    const response = await call('PATCH', `teams?name=eq.Rules B`, { name: 'Rules B2' });
    expect(response.status).toBe(204);
    expect(seen).toEqual([
      'first validate PATCH 1',
      'second validate',
      'first guard [Rules B]',
      'second guard',
      'first after [Rules B2]',
      'second after',
    ]);
    seen.length = 0;
    expect((await call('DELETE', `teams?name=eq.Rules B2`)).status).toBe(204);
    expect(seen).toContain('first after [Rules B2]');
    expect(await notesAbout('Rules B2')).toEqual([
      { body: 'PATCH team Rules B2' },
      { body: 'DELETE team Rules B2' },
    ]);
  });

  it.each(['validate', 'guard'] as const)('stops the write when a rule refuses at %s', async (phase) => {
    refuseAt = phase;
    const name = `Refused at ${phase}`;
    const response = await call('POST', 'teams', { name });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: `second area refuses at ${phase}` });
    expect(seen.at(-1)).toBe(`second ${phase}`);
    expect(seen.some((step) => step.includes('after'))).toBe(false);
    expect(await sql('select 1 from teams where name = $1', [name])).toEqual([]);
  });

  it('rolls the write back, with what the after rules wrote, when an after rule fails', async () => {
    refuseAt = 'after';
    const response = await call('POST', 'teams', { name: 'Rolled back' });
    expect(response.status).toBe(409);
    expect(seen).toContain('first after [Rolled back]');
    expect(seen.at(-1)).toBe('second after');
    expect(await sql('select 1 from teams where name = $1', ['Rolled back'])).toEqual([]);
    expect(await notesAbout('Rolled back')).toEqual([]);
  });

  it("keeps a relation that only one area rules, and leaves others' writes alone", async () => {
    expect((await call('POST', 'notes', { body: 'plain note' })).status).toBe(201);
    expect(seen).toEqual(['notes validate']);
    seen.length = 0;
    expect((await call('POST', 'profiles', { person_id: 2, bio: 'no rules' })).status).toBe(201);
    expect(seen).toEqual([]);
  });
});

describe('composeWriteRules', () => {
  it('composes only the phases some area has', () => {
    const rules = composeWriteRules({ teams: { guard: () => undefined } }, { people: {} });
    expect(Object.keys(rules).sort()).toEqual(['people', 'teams']);
    expect(rules.teams?.guard).toBeDefined();
    expect(rules.teams?.validate).toBeUndefined();
    expect(rules.teams?.after).toBeUndefined();
    expect(rules.people).toEqual({ validate: undefined, guard: undefined, after: undefined });
  });
});
