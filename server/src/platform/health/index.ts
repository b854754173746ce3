export { CheckRunner, type CheckRunNow, type CheckRunnerOptions } from './runner.js';
export { renderGoTemplate, TemplateError } from './go-template.js';
export { celSafe, evaluateCel, CelError } from './test-expression.js';
// What the topology builder runs its lookups and inline checks with.
export { checksOfCanary } from './canary-spec.js';
export { runTemplate, templateOf } from './check-templates.js';
export { abortable, describeError, timeoutSettingOf } from './kinds/common.js';
export { runnerFor, unsupportedKindMessage } from './kinds/index.js';
export { resolveReferences } from './references.js';
