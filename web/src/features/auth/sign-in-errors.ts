import { RETURN_TO_FORBIDDEN } from './return-to.js';

/** What the `error` codes the server sends back to `login?error=<code>` mean (spec 3 §8). */
const MESSAGES: Record<string, string> = {
  return_to_forbidden: RETURN_TO_FORBIDDEN,
  flow_expired: 'Your interaction expired, please fill out the form again.',
  sign_in_failed: 'Sign-in failed. Please try again.',
  session_inactive: 'Your session has expired. Please sign in again.',
};

/** The message for a sign-in error code; a code this console does not know reads as a failed sign-in. */
export function signInErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code]! : MESSAGES.sign_in_failed!;
}
