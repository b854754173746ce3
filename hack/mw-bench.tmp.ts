// temporary: CPU per request of each middleware alone (server in this process, load from a child)
import express from 'express';
import compression from 'compression';
import { fork } from 'node:child_process';
import { createLogger, requestLogging } from '../server/src/http/logging.js';
import { securityHeaders, noStore } from '../server/src/http/security.js';
import { checkRequestValues, refuseMalformedPath } from '../server/src/http/request-checks.js';
import { createMetrics } from '../server/src/http/metrics.js';

if (process.argv[2] === 'load') {
  const [url, n] = [process.argv[3]!, Number(process.argv[4])];
  (async () => {
    for (let done = 0; done < n; done += 100)
      await Promise.all(Array.from({ length: 100 }, () => fetch(url).then((r) => r.arrayBuffer())));
    process.exit(0);
  })();
} else {
  const body = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, name: `check ${i}`, status: 'healthy', description: 'x'.repeat(40) })));
  const fakeDb = { poolStats: () => ({ total: 1, idle: 1, waiting: 0 }) } as never;
  const variants: Record<string, express.RequestHandler[]> = {
    none: [],
    logging: [requestLogging(createLogger('warn'))],
    helmet: [securityHeaders()],
    compression: [compression({ level: 1 })],
    metrics: [createMetrics(fakeDb).track],
    checks: [refuseMalformedPath, express.json() as express.RequestHandler, checkRequestValues, noStore],
  };
  (async () => {
    for (const [name, middleware] of Object.entries(variants)) {
      const app = express();
      for (const m of middleware) app.use(m);
      app.get('/x', (_req, res) => { res.type('application/json'); res.end(body); });
      const server = app.listen(0);
      await new Promise((r) => server.once('listening', r));
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/x`;
      const run = async (n: number) => {
        const before = process.cpuUsage();
        const child = fork(new URL(import.meta.url).pathname, ['load', url, String(n)], { execArgv: ['--import', 'tsx'] });
        await new Promise((r) => child.once('exit', r));
        const used = process.cpuUsage(before);
        return (used.user + used.system) / 1000 / n;
      };
      await run(1000);
      const results = [await run(4000), await run(4000)];
      console.log(name.padEnd(12), results.map((r) => r.toFixed(3)).join(' '), 'ms/request');
      server.close();
    }
  })();
}
