/**
 * A Bearer access token of the console's own OpenID provider, as a console in upstream mode in
 * front of this one forwards it (PLATFORM_FORWARD_OIDC_TOKEN there, docs/upstream.md): a JWT
 * signed with a key of the issuer's JWKS, whose `iss` is the issuer, within its `nbf` and `exp`,
 * and whose `aud` names one of OIDC_ACCEPTED_AUDIENCES (only with that setting). It acts as the
 * person OIDC sign-in links to the same claims: by issuer and subject, else by verified email.
 * Nobody is created from a token. A token that is no JWT (an opaque one) is asked about at the
 * provider's introspection endpoint (RFC 7662) with the console's own client credentials: active,
 * an access token, issued by the issuer, for an accepted audience (its `aud`, else the client it
 * was issued to). The console's own API tokens (`ocp_...`) go on as before.
 */
import type { Request, RequestHandler, Response } from 'express';
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { tokenIntrospection, type Configuration } from 'openid-client';
import type { OidcConfig } from '../config.js';
import { apiError } from '../http/errors.js';
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import type { Principal } from './identities.js';
import { findPersonOfClaims } from './oidc-people.js';
import type { SignInCache } from './sign-in-cache.js';
import { looksLikeApiToken, sha256Hex } from './tokens.js';

/** A JWS in compact form: three base64url parts. The console's API tokens have no dots. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Signatures of public keys only: a JWKS has nothing to check an HMAC with. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** The clocks of the provider and the console may differ this much. */
const CLOCK_TOLERANCE_S = 10;
/** A bound on memory: past it, the verified tokens are verified again. */
const MAX_VERIFIED = 10_000;
/**
 * How long the provider's answer about an opaque token is kept: a token revoked there is refused
 * within this, and a person's requests in a row cost the provider one call.
 */
export const INTROSPECTED_FOR_MS = 10_000;

export interface OidcAccessTokens {
  /** Whether the request's Bearer token is not one of the console's API tokens (then identify decides). */
  applies(req: Request): boolean;
  /** Sets req.user from the access token; a token not accepted is a 401, a person not known a 403. */
  identify: RequestHandler;
}

export interface OidcAccessTokenOptions {
  db: Db;
  oidc: Pick<OidcConfig, 'acceptedAudiences'>;
  /** The provider's discovered configuration (its issuer, JWKS and introspection addresses) and the client. */
  configuration: () => Promise<Configuration>;
  /** Who a verified token acts for is kept like any sign-in, and forgotten with the person's changes. */
  cache: SignInCache;
  logger: Logger;
  now?: () => number;
}

/** The claims a person is found by, from a verified token, kept until it expires. */
interface Verified {
  claims: Pick<JWTPayload, 'iss' | 'sub'> & { email?: unknown; email_verified?: unknown };
  expiresAt: number;
}

class NotAccepted extends Error {}

const bearerOf = (req: Request) => (req.get('authorization') ?? '').replace(/^bearer\s+/i, '').trim();

/** What a refusal says about why, without repeating the token. */
function whyNot(error: unknown, issuer: string): string | undefined {
  if (error instanceof NotAccepted) return error.message;
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return `it was not issued by ${issuer}`;
    if (error.claim === 'nbf') return 'it is not valid yet';
    if (error.claim === 'iat') return 'it was issued in the future';
    return `its ${error.claim} claim is ${error.reason === 'missing' ? 'missing' : 'not valid'}`;
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed)
    return `its signature is not one of ${issuer}'s keys`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'it is not signed with a public key';
  if (error instanceof errors.JOSENotSupported) return 'it is signed in a way this console does not support';
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid)
    return 'it is not a well-formed JWT';
  return undefined;
}

export function createOidcAccessTokens({
  db,
  oidc,
  configuration,
  cache,
  logger,
  now = Date.now,
}: OidcAccessTokenOptions): OidcAccessTokens {
  const log = logger.child({ component: 'oidc' });
  const audiences = oidc.acceptedAudiences;
  const verified = new Map<string, Verified>();

  // Made at the first token, from discovery; a failed discovery is tried again at the next.
  let keys:
    | Promise<{ issuer: string; jwks: ReturnType<typeof createRemoteJWKSet>; found: Configuration }>
    | undefined;
  const issuerKeys = () =>
    (keys ??= configuration()
      .then((found) => {
        const { issuer, jwks_uri } = found.serverMetadata();
        if (!jwks_uri) throw new Error(`${issuer} publishes no jwks_uri`);
        return { issuer, jwks: createRemoteJWKSet(new URL(jwks_uri)), found };
      })
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      }));

  const verify = async (token: string, issuer: string, jwks: ReturnType<typeof createRemoteJWKSet>) => {
    // The issuer first, unverified: a foreign token is refused without fetching keys for it.
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      throw new NotAccepted('it is not a well-formed JWT');
    }
    if (unverified.iss !== issuer) throw new NotAccepted(`it was not issued by ${issuer}`);
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(now()),
    });
    const aud = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!aud.some((audience) => audiences.includes(audience)))
      throw new NotAccepted(`it is not meant for this console (aud must name ${audiences.join(' or ')})`);
    // Keycloak marks its ID and refresh tokens so: only an access token acts.
    if (typeof payload.typ === 'string' && payload.typ !== 'Bearer')
      throw new NotAccepted(`it is not an access token (typ ${payload.typ})`);
    return payload;
  };

  /** The provider's word on an opaque token: what RFC 7662 answers for an access token it issued. */
  const introspect = async (token: string, issuer: string, found: Configuration) => {
    if (!found.serverMetadata().introspection_endpoint)
      throw new NotAccepted(`it is not a JWT, and ${issuer} offers no token introspection to check it by`);
    const answer = await tokenIntrospection(found, token, {
      token_type_hint: 'access_token',
    });
    if (!answer.active) throw new NotAccepted(`${issuer} says it is not active (expired or revoked)`);
    if (answer.iss !== undefined && answer.iss !== issuer)
      throw new NotAccepted(`it was not issued by ${issuer}`);
    // A refresh token is active too: only what the provider calls a Bearer access token acts.
    const kind = String(answer.token_type ?? answer.typ ?? '');
    if (kind.toLowerCase() !== 'bearer') throw new NotAccepted('it is not an access token');
    const aud = answer.aud ?? answer.client_id;
    if (!(typeof aud === 'string' ? [aud] : (aud ?? [])).some((audience) => audiences.includes(audience)))
      throw new NotAccepted(`it is not meant for this console (aud must name ${audiences.join(' or ')})`);
    if (!answer.sub) throw new NotAccepted('it names no subject');
    return answer;
  };

  const verifiedClaims = async (token: string, hash: string): Promise<Verified['claims']> => {
    const known = verified.get(hash);
    if (known && known.expiresAt > now()) return known.claims;
    const { issuer, jwks, found } = await issuerKeys();
    const opaque = !JWT_SHAPE.test(token);
    const payload = opaque ? await introspect(token, issuer, found) : await verify(token, issuer, jwks);
    const claims = {
      iss: issuer,
      sub: payload.sub,
      email: payload.email,
      email_verified: payload.email_verified,
    };
    if (verified.size >= MAX_VERIFIED)
      for (const [key, entry] of verified)
        if (entry.expiresAt <= now() || verified.size >= MAX_VERIFIED) verified.delete(key);
    const expiresAt = payload.exp === undefined ? Infinity : (payload.exp + CLOCK_TOLERANCE_S) * 1000;
    verified.set(hash, {
      claims,
      expiresAt: opaque ? Math.min(expiresAt, now() + INTROSPECTED_FOR_MS) : expiresAt,
    });
    return claims;
  };

  const refuse = (res: Response, status: 401 | 403 | 503, message: string) =>
    void res.status(status).json(apiError(`HTTP${status}`, message));

  const identify: RequestHandler = (req, res, next) => {
    const token = bearerOf(req);
    const hash = sha256Hex(token);
    (async () => {
      let claims: Verified['claims'];
      let issuer: string | undefined;
      try {
        issuer = (await issuerKeys()).issuer;
        claims = await verifiedClaims(token, hash);
      } catch (error) {
        const why = issuer ? whyNot(error, issuer) : undefined;
        if (why) return refuse(res, 401, `The access token is not accepted: ${why}.`);
        log.warn({ reason: (error as Error).message }, 'could not check an access token at the provider');
        return refuse(
          res,
          503,
          'The OpenID provider could not be reached to check the access token. Try again.',
        );
      }
      const found = await cache.get(`oidc-token:${hash}`, () =>
        findPersonOfClaims(db, claims as Record<string, unknown>, issuer),
      );
      if (!found) {
        const named =
          typeof claims.email === 'string' && claims.email ? claims.email : `subject ${claims.sub}`;
        return refuse(
          res,
          403,
          `The person the access token names (${named}) is not a person of this console who may sign in: sign in here once, or ask an administrator to add them.`,
        );
      }
      req.user = { ...(found.principal satisfies Principal), via: 'token' };
      next();
    })().catch(next);
  };

  return { applies: (req) => !looksLikeApiToken(bearerOf(req)), identify };
}
