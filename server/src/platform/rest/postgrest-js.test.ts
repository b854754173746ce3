import { PostgrestClient } from '@supabase/postgrest-js';
import { startFixture, type Fixture } from './test-fixture.js';

let fixture: Fixture;
let client: PostgrestClient;
beforeAll(async () => {
  fixture = await startFixture();
  client = new PostgrestClient(fixture.baseUrl);
});
afterAll(() => fixture.close());

describe('the official client (@supabase/postgrest-js)', () => {
  it('selects with embeds, filters, order, range and an exact count', async () => {
    const { data, error, count, status } = await client
      .from('incidents')
      .select('id,title,created_by(name),hypotheses(id)', { count: 'exact' })
      .in('severity', ['high', 'medium'])
      .order('id', { ascending: false })
      .range(0, 1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([
      { id: 4, title: 'Disk full', created_by: { name: 'Dmitri "the, quoted"' }, hypotheses: [{ id: 4 }] },
      { id: 2, title: 'Slow API', created_by: { name: 'Brendan' }, hypotheses: [{ id: 3 }] },
    ]);
  });

  it('builds every filter helper into queries the server understands', async () => {
    const names = async (query: PromiseLike<{ data: unknown; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data as { name: string }[]).map((row) => row.name);
    };
    const people = () => client.from('people').select('name').order('id');
    expect(await names(people().eq('name', 'Ada'))).toEqual(['Ada']);
    expect(await names(people().neq('name', 'Ada').gt('age', 30))).toEqual(['Brendan']);
    expect(await names(people().gte('age', 36).lte('age', 36))).toEqual(['Ada']);
    expect(await names(people().lt('age', 30))).toEqual(['Dmitri "the, quoted"']);
    expect(await names(people().like('name', '%en%'))).toEqual(['Brendan']);
    expect(await names(people().ilike('name', 'c%'))).toEqual(['Cleo']);
    expect(await names(people().is('email', null))).toEqual(['Cleo']);
    expect(await names(people().in('name', ['Cleo', 'Ada', 'x,y']))).toEqual(['Ada', 'Cleo']);
    expect(await names(people().contains('tags', ['dev', 'ops']))).toEqual(['Dmitri "the, quoted"']);
    expect(await names(people().containedBy('tags', ['dev']))).toEqual(['Brendan', 'Cleo']);
    expect(await names(people().overlaps('tags', ['admin', 'ops']))).toEqual(['Ada', 'Dmitri "the, quoted"']);
    expect(await names(people().contains('settings', { theme: 'light' }))).toEqual(['Brendan']);
    expect(await names(people().not('email', 'is', null).not('age', 'gt', 40))).toEqual([
      'Ada',
      'Dmitri "the, quoted"',
    ]);
    expect(await names(people().or('age.gt.50,and(name.eq.Cleo,email.is.null)'))).toEqual([
      'Brendan',
      'Cleo',
    ]);
    expect(await names(people().match({ name: 'Ada', age: 36 }))).toEqual(['Ada']);
    expect(await names(people().filter('name', 'in', '(Ada,Cleo)'))).toEqual(['Ada', 'Cleo']);
    expect(await names(people().textSearch('name', 'cleo'))).toEqual(['Cleo']);
    expect(
      await names(
        client.from('people').select('name').order('age', { ascending: true, nullsFirst: true }).limit(2),
      ),
    ).toEqual(['Cleo', 'Dmitri "the, quoted"']);
  });

  it('filters on embedded resources with !inner', async () => {
    const { data, error } = await client
      .from('incidents')
      .select('id,hypotheses!inner(title)')
      .eq('hypotheses.title', 'GC pauses');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, hypotheses: [{ title: 'GC pauses' }] }]);
  });

  it('answers single() and maybeSingle()', async () => {
    expect((await client.from('people').select('name').eq('id', 1).single()).data).toEqual({ name: 'Ada' });
    const many = await client.from('people').select('name').single();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
    expect(many.status).toBe(406);
    expect((await client.from('people').select('name').eq('id', 99).maybeSingle()).data).toBeNull();
  });

  it('inserts, updates, upserts and deletes', async () => {
    const inserted = await client
      .from('teams')
      .insert([{ name: 'JS1' }, { name: 'JS2', icon: 'i' }])
      .select('name,icon');
    expect(inserted).toMatchObject({
      status: 201,
      data: [
        { name: 'JS1', icon: null },
        { name: 'JS2', icon: 'i' },
      ],
    });
    const updated = await client
      .from('teams')
      .update({ icon: 'u' })
      .eq('name', 'JS1')
      .select('icon')
      .single();
    expect(updated).toMatchObject({ status: 200, data: { icon: 'u' } });
    const upserted = await client
      .from('teams')
      .upsert({ name: 'JS1', icon: 'v' }, { onConflict: 'name' })
      .select('name,icon');
    expect(upserted.data).toEqual([{ name: 'JS1', icon: 'v' }]);
    const removed = await client.from('teams').delete().in('name', ['JS1', 'JS2']);
    expect([removed.status, removed.error]).toEqual([204, null]);
    const conflict = await client.from('teams').insert({ name: 'Core' });
    expect(conflict.status).toBe(409);
    expect(conflict.error).toMatchObject({ code: '23505' });
  });

  it('calls functions with GET and POST, and filters their rows', async () => {
    expect((await client.rpc('add_numbers', { a: 1, b: 2 })).data).toBe(3);
    expect((await client.rpc('add_numbers', { a: 1 }, { get: true })).data).toBe(11);
    const { data } = await client.rpc('incidents_by_severity', { sev: 'high' }).select('id').order('id');
    expect(data).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('reports unknown tables with 404 PGRST205', async () => {
    const { error, status } = await client.from('nope').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205' });
  });
});
