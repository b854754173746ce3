const paths = ['api/db/checks?order=name.asc&limit=50', 'api/db/checks?status=eq.unhealthy&limit=50', 'api/db/canaries?limit=50', 'api/db/configs?limit=50'];
const res=[];
for (let wave = 0; wave < 10; wave++) {
  const lat = [];
  await Promise.all(Array.from({length: 200}, async (_, i) => { const t = performance.now(); const r = await fetch('http://127.0.0.1:8098/' + paths[i % 4], { headers: { Prefer: 'count=exact' } }); await r.arrayBuffer(); lat.push(performance.now() - t); }));
  lat.sort((a,b)=>a-b); res.push(lat[189]);
}
res.sort((a,b)=>a-b); console.log('median wave p95', res[5].toFixed(0));
