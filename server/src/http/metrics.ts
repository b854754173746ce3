import type { RequestHandler, Router } from 'express';
import { Router as createRouter } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../platform/db/db.js';

/** Prometheus metrics: request durations by route and status, the database pool, the process. */
export function createMetrics(db: Db): { track: RequestHandler; router: Router } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (total, idle) and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const track: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The matched route pattern keeps label cardinality bounded; raw URLs would not.
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };

  const router = createRouter();
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  });
  return { track, router };
}
