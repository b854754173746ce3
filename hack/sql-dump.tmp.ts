import express from 'express';
import { openDatabase, type Db } from '../server/src/platform/db/db.js';
import { loadSchema } from '../server/src/platform/rest/schema.js';
import { createDbRouter } from '../server/src/platform/rest/router.js';
const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/h1_before', dataDir: '' });
const schema = await loadSchema(db);
const seen: { text: string; params: readonly unknown[] }[] = [];
const recorded: Db = { ...db, query: (text, params) => { seen.push({ text, params: params ?? [] }); return db.query(text, params); } };
const app = express();
app.use((req, _res, next) => { req.log = { error: console.error } as never; next(); });
app.use('/db', createDbRouter({ db: recorded, schema, maxRows: 1000 }));
const server = app.listen(0); await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/db/`;
const id = (await db.query<{ id: string }>('select id from checks limit 1')).rows[0]!.id;
for (const path of ['checks?order=name.asc&limit=50', `check_statuses?check_id=eq.${id}&order=time.desc&limit=50`, 'checks?status=eq.unhealthy&limit=50', 'canaries?limit=50']) {
  seen.length = 0;
  await (await fetch(base + path, { headers: { prefer: 'count=exact' } })).text();
  for (const q of seen) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.text}`, q.params);
    console.log('---', path, '\n', q.text, '\n', JSON.stringify(q.params), '\n', plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
}
server.close(); await db.close();
