import { RestError } from '../rest/errors.js';
import { PARAMETER_TYPES } from '../../../../common/playbook-params.js';
import { formValidatorOf, specValidatorOf } from './kinds.js';
import { validateSpecWrite } from './test-support.js';

/** The errors of a YAML text as `line:column message`, the way the editor marks them. */
const marks = (table: Parameters<typeof specValidatorOf>[0], yaml: string) =>
  specValidatorOf(table)
    .validateYaml(yaml)
    .errors.map((error) => `${error.line}:${error.column} ${error.message}`);

describe('the Topology spec', () => {
  it('accepts a topology with components, their properties, children and open lookups', () => {
    const yaml = `schedule: '@every 5m'
type: Platform
icon: kubernetes
id:
  expr: metadata.name
components:
  - name: clusters
    type: KubernetesCluster
    labels: { team: platform }
    lookup:
      configs: [{ types: [Kubernetes::Cluster] }]
    selectors: [{ labelSelector: app=db }]
    properties:
      - name: cpu
        value: 250
        max: 1000
        unit: millicores
        headline: true
        links: [{ url: https://example.com, text: docs }]
    components:
      - name: nested
        type: Database
        components:
          - name: deeper
            components: [{ below: 'the described levels' }]
    statusExpr: up
properties:
  - name: owner
    text: platform
push:
  url: https://upstream.example.com
`;
    expect(specValidatorOf('topologies').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
  });

  it('marks a misspelt component field and a property value that is not a number', () => {
    const yaml = `components:
  - type: Database
    icn: db
    properties:
      - name: size
        value: big
`;
    expect(marks('topologies', yaml)).toEqual([
      "3:5 components[0]: must NOT have additional property 'icn'",
      '6:9 components[0].properties[0].value: must be number',
    ]);
  });
});

describe('the ScrapeConfig spec', () => {
  it('accepts the scrapers of the type picker with the fields upstream gives them', () => {
    const yaml = `schedule: '@every 30m'
crdSync: true
retention:
  changes:
    - name: Pulled
      age: 7d
      count: 100
  types:
    - name: Kubernetes::Pod
      deletedAge: 1d
kubernetes:
  - clusterName: prod
    kubeconfig:
      valueFrom: { secretKeyRef: { name: kube, key: config } }
    exclusions: { namespace: [kube-public], kind: [Event] }
    maxInflight: 64
    useCache: true
    tags: [{ name: cluster, value: prod }]
http:
  - url: https://status.example.com
file:
  - paths: [config.json]
githubActions:
  - owner: acme
    repository: '*'
trivy:
  - version: 0.50.0
    ignoreUnfixed: true
`;
    expect(specValidatorOf('config_scrapers').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
  });

  it('marks typos, an unknown scraper kind and what upstream requires', () => {
    const yaml = `retention:
  changes:
    - age: 7d
      coutn: 3
  change: []
kubernetes:
  - namespace: default
    maxInflight: many
    exclusion: {}
sql:
  - query: select 1
myOwnScraper:
  - whatever: true
`;
    expect(marks('config_scrapers', yaml)).toEqual([
      "4:7 retention.changes[0]: must NOT have additional property 'coutn'",
      "5:3 retention: must NOT have additional property 'change'",
      "7:5 kubernetes[0]: must have required property 'clusterName'",
      '8:5 kubernetes[0].maxInflight: must be integer',
      "9:5 kubernetes[0]: must NOT have additional property 'exclusion'",
      "11:5 sql[0]: must have required property 'connection'",
      "12:1 must NOT have additional property 'myOwnScraper'",
    ]);
  });

  it("keeps the forms' required fields (spec 3 §5) to the editors", () => {
    const yaml = `retention:
  changes:
    - age: 7d
http:
  - url: https://x.example.com
file:
  - paths: [a.json]
`;
    expect(specValidatorOf('config_scrapers').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
    expect(
      formValidatorOf('config_scrapers')
        .validateYaml(yaml)
        .errors.map((error) => `${error.line}:${error.column} ${error.message}`),
    ).toEqual([
      "3:7 retention.changes[0]: must have required property 'name'",
      "5:5 http[0]: must have required property 'type'",
      "5:5 http[0]: must have required property 'id'",
      "7:5 file[0]: must have required property 'format'",
      "7:5 file[0]: must have required property 'icon'",
    ]);
  });
});

describe('the Playbook spec', () => {
  it('accepts parameters of every type with free-form properties, triggers and every action kind', () => {
    const yaml = `icon: kubernetes
category: Kubernetes
configs:
  - types: [Kubernetes::Deployment]
parameters:
  - name: reason
    label: Reason
    type: text
    required: true
    properties: { multiline: 'true', anything: [1, 2] }
  - { name: size, type: bytes }
  - { name: cpu, type: millicores }
  - { name: wait, type: duration }
  - { name: password, type: secret }
  - { name: targets, type: configs }
  - { name: who, type: people }
actions:
  - name: restart
    exec: { script: kubectl rollout restart }
    timeout: 5m
    delay: 1m
    retry: { limit: 2, duration: 10s, exponent: { multiplier: 2 } }
  - name: tell
    notification: { title: Restarted, message: done }
approval:
  type: all
  approvers: { teams: [platform] }
on:
  config:
    - event: unhealthy
      filter: "config.type == 'Kubernetes::Pod'"
  webhook:
    path: restart
runsOn: [local]
templatesOn: host
filters: ["config.tags.env == 'prod'"]
`;
    expect(specValidatorOf('playbooks').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
  });

  it('marks an unknown parameter type, a typo in an action and an unknown action kind', () => {
    const yaml = `parameters:
  - name: a
    type: textarea
actions:
  - name: run
    exec:
      scirpt: echo
  - name: other
    shell: { script: echo }
`;
    expect(marks('playbooks', yaml)).toEqual([
      `3:5 parameters[0].type: must be one of ${PARAMETER_TYPES.map((type) => `'${type}'`).join(', ')}`,
      "6:5 actions[0].exec: must have required property 'script'",
      "7:7 actions[0].exec: must NOT have additional property 'scirpt'",
      "9:5 actions[1]: must NOT have additional property 'shell'",
    ]);
  });

  it('needs a title only in the form', () => {
    const yaml = 'actions:\n  - name: run\n    exec: { script: echo }\n';
    expect(specValidatorOf('playbooks').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
    expect(
      formValidatorOf('playbooks')
        .validateYaml(yaml)
        .errors.map((error) => error.message),
    ).toEqual(["must have required property 'title'"]);
    expect(formValidatorOf('playbooks').validateYaml(`title: ''\n${yaml}`).errors[0]!.message).toBe(
      'title: must NOT have fewer than 1 characters',
    );
  });
});

describe('validateSpecWrite', () => {
  const refusal = (relation: string, rows: Record<string, unknown>[]) => {
    try {
      void validateSpecWrite(relation, rows);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('refuses a row of any of the four kinds whose spec its schema refuses, with a 422', () => {
    const error = refusal('topologies', [{ name: 'ok', spec: { components: [{ typ: 'x' }] } }]);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({
      status: 422,
      message: "spec: components[0]: must NOT have additional property 'typ'",
    });
    expect(refusal('playbooks', [{ spec: { tittle: 'x' } }])).toMatchObject({
      status: 422,
      message: "spec: must NOT have additional property 'tittle'",
    });
    expect(refusal('config_scrapers', [{ spec: { kubernetes: [{}] } }])).toMatchObject({ status: 422 });
    expect(refusal('canaries', [{ spec: { http: [{ url: 'https://x' }] } }])).toMatchObject({
      status: 422,
      message: "spec: http[0]: must have required property 'name'",
    });
  });

  it('refuses a log backend spec the LoggingBackend schema refuses', () => {
    expect(refusal('logging_backends', [{ spec: 'anything' }])).toMatchObject({ status: 422 });
    expect(
      refusal('logging_backends', [
        { spec: { loki: { url: 'http://loki:3100' }, routes: [{ type: 'loki' }] } },
      ]),
    ).toBeUndefined();
  });

  it('lets through valid specs, rows without a spec and tables without a kind', () => {
    expect(refusal('playbooks', [{ spec: { title: 'T' } }, { description: 'no spec' }])).toBeUndefined();
    expect(refusal('notifications', [{ spec: 'anything' }])).toBeUndefined();
  });
});
