export { CheckRunner, type CheckRunNow, type CheckRunnerOptions } from './runner.js';
export { renderGoTemplate, TemplateError } from './go-template.js';
export { celSafe, evaluateCel, CelError } from './test-expression.js';
