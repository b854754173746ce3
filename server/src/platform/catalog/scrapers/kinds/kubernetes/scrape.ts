/**
 * One full scrape of an entry: every scraped kind listed, each object an item (the cluster as
 * their root), the Events since the last scrape as changes.
 */
import type { ScrapeContext, ScrapedItem, ScrapeOutput } from '../../types.js';
import { clusterFor, failureReason } from './cluster.js';
import { indexKey, readEntry } from './entry.js';
import { changesOf, cursorFor, asEvent } from './events.js';
import { objectExcluded } from './exclusions.js';
import { clusterItem, itemOf } from './items.js';
import { limiter, listCluster, listKind } from './listing.js';
import { EVENT_KIND } from './objects.js';
import { CLUSTER_TYPE, ObjectIndex, sharedIndex } from './relationships.js';

export async function scrapeKubernetes(raw: unknown, ctx: ScrapeContext): Promise<ScrapeOutput> {
  const entry = readEntry(raw);
  const client = await clusterFor(entry, ctx);
  const listing = await listCluster(client, entry, ctx.signal);
  if (listing.listed.length === 0 && listing.errors.length > 0)
    throw new Error(`the Kubernetes API server at ${client.server} could not be read: ${listing.errors[0]}`);

  const objects = listing.objects.filter((object) => !objectExcluded(entry, object));
  const index = new ObjectIndex(objects);
  sharedIndex(indexKey(ctx, entry), index);
  const errors = [...listing.errors];
  const items: ScrapedItem[] = [clusterItem(entry, client.server)];
  for (const object of objects) items.push(itemOf(object, entry, index, errors));

  const cursor = await cursorFor(ctx.db, ctx.scraper.id, entry);
  let changes: ScrapeOutput['changes'] = [];
  try {
    const { objects: events } = await listKind(
      client,
      EVENT_KIND,
      {},
      entry.namespace,
      limiter(entry.maxInflight),
      ctx.signal,
    );
    changes = changesOf(events.map(asEvent), entry, cursor);
  } catch (error) {
    client.noteFailure(error);
    errors.push(`listing Events failed: ${failureReason(error)}`);
  }
  return { items, changes, errors, completeTypes: [CLUSTER_TYPE, ...listing.completeTypes] };
}
