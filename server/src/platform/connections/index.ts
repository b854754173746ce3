/** Stored connections as every area reads them: `connection://[namespace|type/]name` resolved. */
export { connectionResolver, type ResolvedConnection } from './resolver.js';
