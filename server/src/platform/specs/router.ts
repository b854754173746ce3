/**
 * /api/specs: the spec schema of each custom resource kind and its validator, for the settings
 * editors (Canary, Topology, ScrapeConfig, Playbook). Mounted after the sign-in and CSRF checks.
 *
 *   GET  /api/specs/:table/schema     → the JSON schema (draft-07) of the kind's spec
 *   POST /api/specs/:table/validate   { yaml } → SpecValidationResponse
 *        ?form=true                   the kind's form rules too (form-rules.ts): what the
 *                                     editors check before a save
 *
 * `:table` is canaries, topologies, config_scrapers, playbooks, incident_rules, teams or logging_backends
 * (404 otherwise); both need read
 * on the table's resource and its area's feature turned on.
 */
import { Router } from 'express';
import { featureOf } from '../../access/feature-map.js';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { RESOURCE_OF } from '../../access/resource-map.js';
import { HttpError } from '../../http/errors.js';
import { KINDS, type KindInfo } from '../../kube/kinds.js';
import { specSchemaOf } from '../../kube/schemas/index.js';
import { formValidatorOf, PLAIN_SPEC_TABLES, plainSpecValidatorOf, specValidatorOf } from './kinds.js';
import type { SpecValidator } from './validate.js';

const TABLES = [...KINDS, ...PLAIN_SPEC_TABLES].map((info) => info.table).join(', ');

interface SpecTable {
  table: string;
  kind: string;
  schema: Record<string, unknown>;
  validator: SpecValidator;
  formValidator: SpecValidator;
}

const kindTable = (info: KindInfo): SpecTable => ({
  table: info.table,
  kind: info.kind,
  schema: specSchemaOf(info.table),
  validator: specValidatorOf(info.table),
  formValidator: formValidatorOf(info.table),
});

const SPEC_TABLES = (): SpecTable[] => [
  ...KINDS.map(kindTable),
  ...PLAIN_SPEC_TABLES.map((info) => {
    const validator = plainSpecValidatorOf(info.table);
    return { ...info, validator, formValidator: validator };
  }),
];

function kindRouter(info: SpecTable, flags: FlagReader): Router {
  const router = Router();
  router.use(requirePermission(RESOURCE_OF[info.table]!, 'read'));
  const feature = featureOf(info.table);
  if (feature) router.use(requireFeature(feature, flags));
  const { validator, formValidator } = info;

  router.get('/schema', (_req, res) => {
    res.json(info.schema);
  });

  router.post('/validate', (req, res) => {
    const yaml = (req.body as { yaml?: unknown } | undefined)?.yaml;
    if (typeof yaml !== 'string')
      throw new HttpError(400, `The body must be { "yaml": "<the ${info.kind} spec>" }`);
    res.json((req.query.form === 'true' ? formValidator : validator).validateYaml(yaml));
  });
  return router;
}

export function createSpecsRouter({ flags }: { flags: FlagReader }): Router {
  const router = Router();
  const tables = SPEC_TABLES();
  for (const info of tables) router.use(`/${info.table}`, kindRouter(info, flags));
  router.use('/:table', (req) => {
    const table = String(req.params.table);
    if (tables.some((info) => info.table === table))
      throw new HttpError(404, `No route for ${req.method} ${req.originalUrl.split('?')[0]}`);
    throw new HttpError(404, `No spec schema for '${table}': one of ${TABLES}`);
  });
  return router;
}
