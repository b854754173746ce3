export { CheckRunner, type CheckRunNow, type CheckRunnerOptions } from './runner.js';
