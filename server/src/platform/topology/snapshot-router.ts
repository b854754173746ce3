/**
 * GET /api/snapshot/topology/{id}?related=&start= (spec 3 §7): a component's snapshot as a zip,
 * streamed as its files are read. Needs read on topologies and the topology feature. `start` is
 * how far back changes, check statuses and incidents go: a duration (15m, 1h, 2d; the default
 * 15m) or an ISO time.
 */
import { Router } from 'express';
import { ZipArchive } from 'archiver';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import type { Db } from '../db/db.js';
import { isoTime, relativeStart } from '../health/summary-range.js';
import { snapshotFiles, type SnapshotRequest } from './snapshot.js';

export const SNAPSHOT_COMPONENT_NOT_FOUND = 'Component not found';
export const SNAPSHOT_START_MESSAGE = 'start must be a duration like 15m, 1h or 2d, or an ISO time';
const DEFAULT_START = '15m';

function readSnapshotRequest(id: string, query: Record<string, unknown>, now = new Date()): SnapshotRequest {
  if (!UUID.test(id)) throw new HttpError(400, 'The component id must be a UUID');
  const related = query.related;
  if (related !== undefined && related !== 'true' && related !== 'false' && related !== '')
    throw new HttpError(400, 'related must be true or false');
  const start = query.start === undefined || query.start === '' ? DEFAULT_START : query.start;
  if (typeof start !== 'string') throw new HttpError(400, 'start may be given once');
  const since = relativeStart(start, now) ?? isoTime(start);
  if (!since) throw new HttpError(400, SNAPSHOT_START_MESSAGE);
  return { componentId: id, related: related === 'true', since };
}

/** A name for the file: the moment in UTC, without characters some file systems refuse. */
export function snapshotFileName(now: Date): string {
  return `snapshot-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.zip`;
}

export function createSnapshotRouter({ db, flags }: { db: Db; flags: FlagReader }): Router {
  const router = Router();
  router.get(
    '/topology/:id',
    requirePermission('topologies', 'read'),
    requireFeature('topology', flags),
    async (req, res) => {
      const request = readSnapshotRequest(String(req.params.id), req.query);
      const files = await snapshotFiles(db, request);
      if (!files) throw new HttpError(404, SNAPSHOT_COMPONENT_NOT_FOUND);
      // The first file is read before anything is sent, so a failure then is still an error answer.
      const first = await files[0]!.content();
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${snapshotFileName(new Date())}"`);
      const zip = new ZipArchive({ zlib: { level: 6 } });
      zip.on('error', (error) => res.destroy(error));
      zip.pipe(res);
      try {
        zip.append(first, { name: files[0]!.name });
        for (const file of files.slice(1)) zip.append(await file.content(), { name: file.name });
        await zip.finalize();
      } catch {
        // Headers are gone: all that is left is to cut the download short, so it is not taken for whole.
        zip.abort();
        res.destroy();
      }
    },
  );
  return router;
}
