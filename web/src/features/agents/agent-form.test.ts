import {
  agentFormValues,
  PROPERTY_KEY_MISSING,
  propertyKeyTwice,
  toChanges,
  toGenerate,
  validateAgentForm,
} from './agent-form.js';
import { agentRow } from './test-support.js';

describe('the agent form', () => {
  it('starts a new agent with kubernetes and telemetry off and the 30m interval', () => {
    expect(agentFormValues()).toEqual({
      name: '',
      description: '',
      properties: [],
      kubernetesEnabled: false,
      kubernetesInterval: '30m',
      telemetryEnabled: false,
      topologyName: '',
    });
  });

  it('starts from the agent as it is', () => {
    expect(agentFormValues(agentRow())).toMatchObject({
      name: 'eu-west',
      description: 'The EU cluster',
      properties: [{ key: 'region', value: 'eu-west-1' }],
      kubernetesEnabled: true,
      kubernetesInterval: '1h',
      telemetryEnabled: false,
    });
  });

  it('requires a name, and a key, once, for every property with a value', () => {
    const values = agentFormValues();
    expect(validateAgentForm({ ...values, name: '  ' })).toEqual({ name: 'This field is required' });
    expect(
      validateAgentForm({ ...values, name: 'a', properties: [{ key: '', value: 'x' }] }).properties,
    ).toBe(PROPERTY_KEY_MISSING);
    expect(
      validateAgentForm({
        ...values,
        name: 'a',
        properties: [
          { key: 'env', value: 'a' },
          { key: ' env ', value: 'b' },
        ],
      }).properties,
    ).toBe(propertyKeyTwice('env'));
    expect(validateAgentForm({ ...values, name: 'a', properties: [{ key: '', value: '' }] })).toEqual({});
  });

  it("makes generate's body: trimmed, empty rows and an empty description left out", () => {
    const body = toGenerate({
      ...agentFormValues(),
      name: ' eu-west ',
      properties: [
        { key: 'region', value: 'eu' },
        { key: '', value: '' },
      ],
      kubernetesEnabled: true,
      kubernetesInterval: '5m',
    });
    expect(body).toEqual({
      name: 'eu-west',
      properties: { region: 'eu' },
      kubernetes: { enabled: true, interval: '5m' },
      pushTelemetry: { enabled: false },
    });
  });

  it("makes an edit's changes without the name", () => {
    const changes = toChanges({
      ...agentFormValues(agentRow()),
      description: '',
      telemetryEnabled: true,
      topologyName: 'eu',
    });
    expect(changes).toEqual({
      description: null,
      properties: { region: 'eu-west-1' },
      spec: {
        kubernetes: { enabled: true, interval: '1h' },
        pushTelemetry: { enabled: true, topologyName: 'eu' },
      },
    });
  });
});
