/**
 * GET /api/events: the live-update stream (server-sent events). Each platform event the person
 * may read goes out as `id: <seq>`, `event: <name>`, `data: {seq, name, ids}`; a comment line
 * every heartbeat keeps proxies from closing an idle stream; a client that reconnects with
 * Last-Event-ID gets what it missed from the ring, or `event: reset` when that is too old.
 */
import { createSession, type Session } from 'better-sse';
import { Router, type Request, type Response } from 'express';
import { createFlagReader, type FlagReader } from '../../access/guard.js';
import type { Logger } from '../../http/logging.js';
import type { Db } from '../db/db.js';
import { EventHub, type HubMessage } from './stream.js';
import { mayHear } from './subjects.js';
import { RESET_EVENT } from './types.js';

export interface EventsRouterOptions {
  db: Db;
  /** Default: a reader shared by events within a second, as /api/db's. */
  flags?: FlagReader;
  logger: Logger;
  heartbeatMs: number;
  /** Open streams end when shutdown begins, so they don't hold the server open. */
  isShuttingDown: () => boolean;
  /** How many recent events a reconnecting client can resume from. */
  ringSize?: number;
  /** How long a disconnected browser waits before reconnecting (the SSE `retry:` field). */
  retryMs?: number;
}

const SHUTDOWN_POLL_MS = 200;

/** The Last-Event-ID a client resumes from, when it is one of ours (a sequence number). */
function resumeFrom(lastId: string): number | undefined {
  return /^[0-9]{1,15}$/.test(lastId) ? Number(lastId) : undefined;
}

export function createEventsRouter({
  db,
  flags = createFlagReader(db, { maxAgeMs: 1000 }),
  logger,
  heartbeatMs,
  isShuttingDown,
  ringSize,
  retryMs = 2000,
}: EventsRouterOptions): Router {
  const hub = new EventHub({ db, logger, ringSize });
  /** Open streams, with the response that ends each. */
  const open = new Map<Session, Response>();
  let shutdownWatch: NodeJS.Timeout | undefined;

  const watchShutdown = () => {
    if (shutdownWatch) return;
    shutdownWatch = setInterval(() => {
      if (!isShuttingDown()) return;
      for (const res of open.values()) res.end();
      void hub.stop();
    }, SHUTDOWN_POLL_MS);
    shutdownWatch.unref();
  };

  const deliver = async (session: Session, permissions: Express.User['permissions'], message: HubMessage) => {
    if (message.kind === 'reset') {
      // An empty id makes the browser's next reconnect a fresh start rather than a resume.
      if (session.isConnected) session.push({}, RESET_EVENT, message.lastSeq?.toString() ?? '');
      return;
    }
    const { event } = message;
    if (!mayHear(permissions, await flags(), event.name)) return;
    if (session.isConnected) session.push(event, event.name, String(event.seq));
  };

  const router = Router();
  router.get('/', async (req: Request, res, next) => {
    try {
      await hub.start();
    } catch (error) {
      return next(error);
    }
    const { permissions } = req.user!;
    const session = await createSession(req, res, {
      keepAlive: heartbeatMs,
      retry: retryMs,
      // no-transform keeps the compression middleware (and proxies) from buffering the stream.
      headers: { 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' },
    });
    open.set(session, res);
    watchShutdown();
    // One event at a time per stream, in the order the database announced them.
    let queue = Promise.resolve();
    const unsubscribe = hub.subscribe((message) => {
      queue = queue
        .then(() => deliver(session, permissions, message))
        .catch((error: unknown) => logger.warn({ err: error }, 'live-update event not delivered'));
    }, resumeFrom(session.lastId));
    session.once('disconnected', () => {
      unsubscribe();
      open.delete(session);
      if (open.size === 0 && shutdownWatch) {
        clearInterval(shutdownWatch);
        shutdownWatch = undefined;
      }
    });
  });
  return router;
}
