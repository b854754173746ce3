import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { DemoContext } from './context.js';
import { DAY } from './random.js';

/**
 * A canary the console's own check runner really runs (the local agent): targets that exist
 * wherever the console does. `$(CONSOLE_URL)` and `$(CONSOLE_PORT)` are filled in by the runner
 * with the console's own address. The runner creates the checks from the spec on its first pass.
 */
export const CONSOLE_SELF_SPEC = {
  schedule: '@every 30s',
  http: [
    {
      name: 'console-healthz',
      description: "The console's liveness probe answers",
      url: '$(CONSOLE_URL)/healthz',
      responseCodes: [200],
      responseContent: 'ok',
      thresholdMillis: 1000,
      test: { expr: 'json.status == "ok"' },
    },
  ],
  tcp: [
    {
      name: 'console-port',
      description: 'The console accepts connections on its port',
      endpoint: '127.0.0.1:$(CONSOLE_PORT)',
      thresholdMillis: 500,
    },
  ],
  dns: [
    {
      name: 'localhost-resolves',
      description: "The system resolver knows 'localhost'",
      query: 'localhost',
      querytype: 'A',
      minrecords: 1,
    },
  ],
  exec: [
    { name: 'shell-echo', description: 'A shell starts and answers', script: 'echo ok' },
    {
      name: 'flapping-minute',
      description: 'Fails one minute in five, so the history changes while you watch',
      script: 'test $(( $(date +%s) / 60 % 5 )) -ne 0',
    },
  ],
};

export async function loadLiveCanaries({ w, r, clock, refs }: DemoContext): Promise<void> {
  await w.insert('canaries', [
    {
      id: r.uuid(),
      name: 'console-self',
      namespace: 'ops-console',
      icon: 'http',
      labels: { team: 'platform', tier: 'self' },
      schedule: '@every 30s',
      spec: CONSOLE_SELF_SPEC,
      source: 'UI',
      agent_id: LOCAL_AGENT,
      created_by: refs.people[0]!.id,
      created_at: clock.ago(DAY),
      updated_at: clock.ago(DAY),
    },
  ]);
}
