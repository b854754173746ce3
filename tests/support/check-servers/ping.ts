/** The system's ping (Debian's iputils-ping), which the icmp check runs. */
import { binaryFrom } from './process.js';

export function findPing(skipped: string): string | undefined {
  return binaryFrom('ping', skipped);
}
