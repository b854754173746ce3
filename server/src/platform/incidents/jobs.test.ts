import { createLogger } from '../../http/logging.js';
import type { Db } from '../db/db.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { QueueConsumer, Task } from '../jobs/types.js';
import { DOD_TASK } from './dod-job.js';
import { RULES_TASK } from './incident-rules/engine.js';
import { registerIncidentWork } from './jobs.js';

/** What the incidents area registers, by name: tasks and queue consumers. */
function registered(automation: boolean, automationEveryMs?: number) {
  const tasks: string[] = [];
  const every: (number | undefined)[] = [];
  const queues: string[] = [];
  const jobs = {
    addTask: (task: Task) => {
      tasks.push(task.name);
      every.push(task.every);
    },
    addQueueConsumer: (consumer: QueueConsumer<unknown>) => queues.push(consumer.queue),
  } as unknown as JobRegistry;
  registerIncidentWork(jobs, { db: {} as Db, logger: createLogger('silent'), automation, automationEveryMs });
  return { tasks, queues, every };
}

describe('the incidents area background work', () => {
  it('evaluates incident rules and definition-of-done items, and delivers responders', () => {
    expect(registered(true)).toEqual({
      tasks: [DOD_TASK, RULES_TASK],
      queues: ['responder-delivery'],
      every: [60_000, 60_000],
    });
  });

  it('evaluates them as often as INCIDENT_AUTOMATION_INTERVAL says', () => {
    expect(registered(true, 5_000).every).toEqual([5_000, 5_000]);
  });

  it('leaves the incidents as they are with automation off, and still delivers the responders people add', () => {
    expect(registered(false)).toEqual({ tasks: [], queues: ['responder-delivery'], every: [] });
  });
});
