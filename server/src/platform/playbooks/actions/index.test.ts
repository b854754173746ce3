import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { ACTION_KINDS } from '../../../kube/schemas/playbook.js';
import { ACTION_EXECUTORS, ActionFailure } from './index.js';

describe('ACTION_EXECUTORS', () => {
  it('runs six of the Playbook schema’s action kinds, by their field names', () => {
    expect(Object.keys(ACTION_EXECUTORS).sort()).toEqual([
      'exec',
      'gitops',
      'http',
      'notification',
      'pod',
      'sql',
    ]);
    for (const kind of Object.keys(ACTION_EXECUTORS)) expect(ACTION_KINDS).toHaveProperty(kind);
    for (const absent of ['ai', 'github', 'azureDevopsPipeline', 'logs'])
      expect(ACTION_EXECUTORS[absent]).toBeUndefined();
  });

  it('an action whose run is already stopped does not start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stopped-'));
    try {
      const controller = new AbortController();
      controller.abort(new Error('the run was cancelled'));
      const marker = path.join(dir, 'ran');
      await expect(
        ACTION_EXECUTORS.exec!(
          { script: `touch ${marker}` },
          {
            runId: 'r',
            actionId: 'a',
            signal: controller.signal,
            log: pino({ level: 'silent' }),
            connection: () => Promise.resolve(undefined),
            env: {},
            secrets: new Set(),
          },
        ),
      ).rejects.toThrow(new ActionFailure('the run was cancelled'));
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
