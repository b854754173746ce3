import { useEffect, useState } from 'react';

/** What the platform holds, counted through /api/db. The console shell replaces this page. */
const AREAS = [
  { table: 'checks', label: 'Health checks' },
  { table: 'configs', label: 'Catalog items' },
  { table: 'components', label: 'Topology components' },
  { table: 'incidents', label: 'Incidents' },
  { table: 'playbooks', label: 'Playbooks' },
  { table: 'agents', label: 'Agents' },
];

type Counts = Record<string, number | 'error'>;

async function countRows(table: string): Promise<number> {
  // Relative URL: resolved against <base href>, so it works under any BASE_PATH.
  const response = await fetch(`api/db/${table}?select=id&limit=1`, { headers: { Prefer: 'count=exact' } });
  const range = response.headers.get('Content-Range');
  if (!response.ok || !range) throw new Error(`HTTP ${response.status}`);
  return Number(range.split('/')[1]);
}

export function PlatformStatus() {
  const [counts, setCounts] = useState<Counts>({});
  useEffect(() => {
    for (const { table } of AREAS) {
      countRows(table).then(
        (n) => setCounts((c) => ({ ...c, [table]: n })),
        () => setCounts((c) => ({ ...c, [table]: 'error' })),
      );
    }
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', margin: '3rem auto', maxWidth: '40rem' }}>
      <h1>Ops Console</h1>
      <p>The platform is running. The console screens arrive with the shell.</p>
      <table aria-label="Platform contents">
        <tbody>
          {AREAS.map(({ table, label }) => (
            <tr key={table}>
              <th scope="row" style={{ textAlign: 'left', paddingRight: '2rem' }}>
                {label}
              </th>
              <td data-testid={`count-${table}`}>
                {counts[table] === undefined ? '…' : String(counts[table])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
