/**
 * The notifications server's one door (docs/notifications.md): the rule engine registered for
 * the platform events, the delivery queue of pending sends, its router and write rules.
 */
import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import type { JobRegistry } from '../jobs/registry.js';
import { registerRuleEngine } from './engine/consumer.js';
import type { Senders } from './engine/delivery-contract.js';
import { deliveryConsumer, purgeMarksTask, type DeliveryOptions } from './delivery.js';

export interface NotificationWorkDependencies {
  db: Db;
  logger: Logger;
  senders: Senders;
  kube?: KubeConnection;
  /** The console's address as people reach it (PUBLIC_URL, else where it listens), ending with '/'. */
  consoleUrl: () => string;
  delivery?: DeliveryOptions;
}

/** Registers the engine and the delivery queue with the jobs registry; `wake()` has pending rows looked at now. */
export function registerNotificationWork(
  jobs: JobRegistry,
  deps: NotificationWorkDependencies,
): { wake(): void } {
  const delivery = jobs.addQueueConsumer(
    deliveryConsumer({
      db: deps.db,
      logger: deps.logger,
      senders: deps.senders,
      kube: deps.kube,
      ...deps.delivery,
    }),
  );
  registerRuleEngine(jobs.events, {
    db: deps.db,
    logger: deps.logger,
    consoleUrl: deps.consoleUrl,
    onPending: () => delivery.wake(),
  });
  jobs.addTask(purgeMarksTask(deps.db));
  return delivery;
}

export { createNotificationsRouter, type NotificationsRouterDependencies } from './router.js';
export { notificationWriteRules, withSilenceDeletion } from './rules.js';
export type { Senders } from './engine/delivery-contract.js';
export type * from './types.js';
