import type { Queryable } from '../db/db.js';

export type DemoRow = Record<string, unknown>;

/**
 * Writes rows into the schema the migrations built: columns are looked up once, and a table or
 * column the schema lacks fails the load with its name, so the generator keeps up with the
 * migrations instead of quietly losing data. Each batch is one statement that expands a JSON
 * array server-side with jsonb_populate_recordset — one round trip per table, every value bound.
 */
export class Writer {
  readonly counts: Record<string, number> = {};
  /** Each table's writable columns (generated ones are the database's to fill). */
  private tables = new Map<string, Set<string>>();

  constructor(readonly q: Queryable) {}

  async introspect(): Promise<void> {
    const { rows } = await this.q.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name
         from information_schema.columns c
         join information_schema.tables t
           on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.is_generated <> 'ALWAYS'
        order by c.table_name, c.ordinal_position`,
    );
    this.tables.clear();
    for (const r of rows) {
      let cols = this.tables.get(r.table_name);
      if (!cols) this.tables.set(r.table_name, (cols = new Set()));
      cols.add(r.column_name);
    }
  }

  /**
   * Inserts rows (objects keyed by column); returns how many the database took. A key that is
   * undefined in a row leaves that column to its default.
   */
  async insert(table: string, rows: readonly DemoRow[], chunk = 5000): Promise<number> {
    const cols = this.tables.get(table);
    if (!cols) throw new Error(`demo data: the schema has no table ${table}`);
    // Consecutive rows setting the same keys go in one statement; order is kept (parents first).
    const groups: { sig: string; keys: string[]; rows: DemoRow[] }[] = [];
    for (const row of rows) {
      const keys: string[] = [];
      for (const [k, v] of Object.entries(row)) {
        if (v === undefined) continue;
        if (!cols.has(k)) throw new Error(`demo data: the schema has no writable column ${table}.${k}`);
        keys.push(k);
      }
      const sig = keys.join(',');
      const last = groups[groups.length - 1];
      if (last && last.sig === sig) last.rows.push(row);
      else groups.push({ sig, keys, rows: [row] });
    }
    let inserted = 0;
    for (const { keys, rows: members } of groups) {
      const list = keys.map(ident).join(', ');
      for (let i = 0; i < members.length; i += chunk) {
        const part = members.slice(i, i + chunk).map((row) => {
          const out: DemoRow = {};
          for (const k of keys) out[k] = row[k];
          return out;
        });
        const result = await this.q.query(
          `insert into ${ident(table)} (${list})
           select ${list} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`,
          [JSON.stringify(part)],
        );
        inserted += result.rowCount;
      }
    }
    this.counts[table] = (this.counts[table] ?? 0) + inserted;
    return inserted;
  }

  /** Runs a statement that inserts rows server-side, and counts them under `table`. */
  async run(table: string, text: string, params: readonly unknown[] = []): Promise<number> {
    const { rowCount } = await this.q.query(text, params);
    this.counts[table] = (this.counts[table] ?? 0) + rowCount;
    return rowCount;
  }
}

export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
}
