import { RestError } from '../rest/errors.js';
import { specValidatorOf } from './kinds.js';
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
  it('accepts the scrapers of the type picker, and kinds it does not describe', () => {
    const yaml = `schedule: '@every 30m'
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
    exclusions: { namespaces: [kube-public] }
    maxInFlight: 64
    useCache: true
http:
  - url: https://status.example.com
    type: Status
    id: $.id
sql:
  - type: Database::Row
    id: $.id
    query: select 1
    connection: connection://postgres/app
file:
  - format: json
    icon: file
    paths: [config.json]
githubActions:
  - owner: acme
    repository: '*'
trivy:
  - version: 0.50.0
myOwnScraper:
  - whatever: true
`;
    expect(specValidatorOf('config_scrapers').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
  });

  it('marks the required fields of spec 3 §5 and typos in the retention block', () => {
    const yaml = `retention:
  changes:
    - age: 7d
      coutn: 3
  change: []
kubernetes:
  - namespace: default
    maxInFlight: many
http:
  - url: https://x.example.com
sql:
  - query: select 1
file:
  - paths: [a.json]
github:
  - owner: acme
`;
    expect(marks('config_scrapers', yaml)).toEqual([
      "3:7 retention.changes[0]: must have required property 'name'",
      "4:7 retention.changes[0]: must NOT have additional property 'coutn'",
      "5:3 retention: must NOT have additional property 'change'",
      "7:5 kubernetes[0]: must have required property 'clusterName'",
      '8:5 kubernetes[0].maxInFlight: must be integer',
      "10:5 http[0]: must have required property 'type'",
      "10:5 http[0]: must have required property 'id'",
      "12:5 sql[0]: must have required property 'type'",
      "12:5 sql[0]: must have required property 'id'",
      "12:5 sql[0]: must have required property 'connection'",
      "14:5 file[0]: must have required property 'format'",
      "14:5 file[0]: must have required property 'icon'",
      "16:5 github[0]: must have required property 'repository'",
    ]);
  });
});

describe('the Playbook spec', () => {
  it('accepts parameters of every type with their properties, and open actions', () => {
    const yaml = `title: Restart deployment
icon: kubernetes
category: Kubernetes
configs:
  - types: [Kubernetes::Deployment]
parameters:
  - name: reason
    label: Reason
    type: text
    required: true
    properties: { minLength: 5, maxLength: 200, regex: '^[a-z ]+$', multiline: true }
  - name: name
    type: text
    properties: { format: dns1123 }
  - name: replicas
    type: text
    default: '3'
    properties: { min: 0, max: 20 }
  - name: database
    type: list
    properties:
      options:
        - { label: app, value: app }
  - name: query
    type: code
    properties: { language: sql, size: large, jsonSchemaUrl: https://example.com/s.json }
  - { name: wait, type: checkbox }
  - { name: who, type: people }
  - { name: owners, type: team }
  - { name: c, type: component, properties: { filter: [{ types: [Service] }] } }
  - { name: k, type: config }
  - { name: h, type: check }
actions:
  - name: restart
    exec: { script: kubectl rollout restart }
    timeout: 5m
approval:
  approvers: { teams: [platform] }
on:
  config:
    created: [{ filter: "config.type == 'Kubernetes::Pod'" }]
`;
    expect(specValidatorOf('playbooks').validateYaml(yaml)).toEqual({ valid: true, errors: [] });
  });

  it('needs a title and marks an unknown parameter type, format and property', () => {
    const yaml = `parameters:
  - name: a
    type: textarea
    properties:
      format: percent
      maxLenght: 3
`;
    expect(marks('playbooks', yaml)).toEqual([
      "1:1 must have required property 'title'",
      "3:5 parameters[0].type: must be one of 'code', 'checkbox', 'list', 'team', 'people', 'component', 'config', 'check', 'text'",
      "5:7 parameters[0].properties.format: must be one of 'bytes', 'millicores', 'dns1123'",
      "6:7 parameters[0].properties: must NOT have additional property 'maxLenght'",
    ]);
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
    expect(refusal('playbooks', [{ spec: { icon: 'x' } }])).toMatchObject({
      status: 422,
      message: "spec: must have required property 'title'",
    });
    expect(refusal('config_scrapers', [{ spec: { kubernetes: [{}] } }])).toMatchObject({ status: 422 });
    expect(refusal('canaries', [{ spec: { http: [{ url: 'https://x' }] } }])).toMatchObject({
      status: 422,
      message: "spec: http[0]: must have required property 'name'",
    });
  });

  it('lets through valid specs, rows without a spec and tables without a kind', () => {
    expect(refusal('playbooks', [{ spec: { title: 'T' } }, { description: 'no spec' }])).toBeUndefined();
    expect(refusal('logging_backends', [{ spec: 'anything' }])).toBeUndefined();
  });
});
