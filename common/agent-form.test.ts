import {
  AGENT_FORM_MESSAGES,
  agentNameProblem,
  agentPropertiesProblem,
  agentSpecOf,
  agentSpecProblem,
  kubernetesProblem,
  pushTelemetryProblem,
} from './agent-form.js';

describe("an agent's form", () => {
  it('needs a name that is not blank, at most 100 characters', () => {
    expect(agentNameProblem(undefined)).toBe(AGENT_FORM_MESSAGES.nameRequired);
    expect(agentNameProblem('  ')).toBe(AGENT_FORM_MESSAGES.nameRequired);
    expect(agentNameProblem(7)).toBe(AGENT_FORM_MESSAGES.nameRequired);
    expect(agentNameProblem(` ${'x'.repeat(100)} `)).toBeUndefined();
    expect(agentNameProblem('x'.repeat(101))).toBe(AGENT_FORM_MESSAGES.nameTooLong);
  });

  it('takes properties that map names to text, or none', () => {
    expect(agentPropertiesProblem(undefined)).toBeUndefined();
    expect(agentPropertiesProblem({ region: 'eu', zone: '' })).toBeUndefined();
    expect(agentPropertiesProblem({ replicas: 3 })).toBe(AGENT_FORM_MESSAGES.properties);
    expect(agentPropertiesProblem(['eu'])).toBe(AGENT_FORM_MESSAGES.properties);
    expect(agentPropertiesProblem('region=eu')).toBe(AGENT_FORM_MESSAGES.properties);
  });

  it('takes only the scrape intervals of spec 1 §9', () => {
    for (const interval of ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'])
      expect(kubernetesProblem({ enabled: true, interval })).toBeUndefined();
    for (const interval of ['3m', '1d', 30, ''])
      expect(kubernetesProblem({ enabled: true, interval })).toBe(AGENT_FORM_MESSAGES.interval);
    expect(kubernetesProblem({ enabled: 'true' })).toBe(AGENT_FORM_MESSAGES.kubernetesEnabled);
    expect(kubernetesProblem('on')).toBe(AGENT_FORM_MESSAGES.kubernetes);
  });

  it('takes telemetry with an optional topology name', () => {
    expect(pushTelemetryProblem({ enabled: true })).toBeUndefined();
    expect(pushTelemetryProblem({ enabled: false, topologyName: 'edge' })).toBeUndefined();
    expect(pushTelemetryProblem({ enabled: 1 })).toBe(AGENT_FORM_MESSAGES.pushTelemetryEnabled);
    expect(pushTelemetryProblem({ topologyName: ['edge'] })).toBe(AGENT_FORM_MESSAGES.topologyName);
  });

  it('stores the spec with its defaults: both off, every 30m', () => {
    expect(agentSpecOf(undefined, undefined)).toEqual({
      kubernetes: { enabled: false, interval: '30m' },
      pushTelemetry: { enabled: false },
    });
    expect(agentSpecOf({ enabled: true, interval: '1h' }, { enabled: true, topologyName: ' edge ' })).toEqual(
      {
        kubernetes: { enabled: true, interval: '1h' },
        pushTelemetry: { enabled: true, topologyName: 'edge' },
      },
    );
    expect(agentSpecProblem(agentSpecOf(undefined, undefined))).toBeUndefined();
    expect(agentSpecProblem(null)).toBe(AGENT_FORM_MESSAGES.spec);
    expect(agentSpecProblem({ kubernetes: { interval: '3m' } })).toBe(AGENT_FORM_MESSAGES.interval);
  });
});
