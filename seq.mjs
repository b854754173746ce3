import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p) => new Promise((res, rej) => http.get({ host: '127.0.0.1', port: 8098, path: p, agent, headers: { Prefer: 'count=exact' } }, (r) => { r.resume(); r.on('end', res); }).on('error', rej));
const lat = [];
for (let i = 0; i < 2000; i++) { const t = performance.now(); await get('/api/db/checks?order=name.asc&limit=50'); lat.push(performance.now() - t); }
lat.sort((a, b) => a - b); console.log('p50', lat[1000].toFixed(2), 'p95', lat[1900].toFixed(2));
