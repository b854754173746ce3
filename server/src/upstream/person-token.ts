/**
 * PLATFORM_FORWARD_OIDC_TOKEN (docs/upstream.md, "The person's own token"): a request of a person
 * signed in at the OpenID provider goes to the platform with their own access token, renewed
 * first when due, instead of the console's token and the forwarding headers. Decided once the
 * console's guards let the request through, before the proxy, which reads it with ownToken.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { SessionAccessTokens } from '../auth/session-access-token.js';
import { apiError } from '../http/errors.js';

const ownTokens = new WeakMap<IncomingMessage, string>();

/** The person's own access token to forward this request with; undefined: the console's token. */
export const ownToken = (req: IncomingMessage): string | undefined => ownTokens.get(req);

/** `forward`, with the person's own token decided first; a sign-in that ended is a 401. */
export function withOwnToken(tokens: SessionAccessTokens, forward: RequestHandler): RequestHandler {
  return (req, res, next) => {
    tokens.forRequest(req).then((own) => {
      if (own && 'status' in own)
        return void res.status(own.status).json(apiError(`HTTP${own.status}`, own.message));
      if (own) ownTokens.set(req, own.token);
      return forward(req, res, next);
    }, next);
  };
}
