// oidc-provider 9 ships no type declarations; this is the little of it hack/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcClient {
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean; [setting: string]: unknown }>;
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined> | Account | undefined;
    issueRefreshToken?: (ctx: unknown, client: OidcClient) => Promise<boolean> | boolean;
    jwks?: { keys: Record<string, unknown>[] };
    pkce?: { required: () => boolean };
    rotateRefreshToken?: boolean | ((ctx: unknown) => boolean);
    ttl?: Record<string, number>;
    [setting: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'grant.success', listener: (ctx: { oidc: { params?: Record<string, unknown> } }) => void): this;
  }
}
