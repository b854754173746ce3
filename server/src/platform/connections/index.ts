/** Stored connections as every area reads them: `connection://[namespace|type/]name` resolved, URLs read safely. */
export { connectionResolver, type ResolvedConnection, type ResolverOptions } from './resolver.js';
export {
  connectionSecrets,
  mysqlOptions,
  passwordsInUrl,
  safeUrl,
  withCredentials,
  type MysqlOptions,
} from './urls.js';
