/**
 * `npm run dev:oidc`: a local OpenID provider with one demo user per role (see
 * hack/oidc-provider.ts), and the settings that point a console at it. OIDC_PORT (default 9400)
 * is the provider's port, CONSOLE_URL (default http://localhost:8080/) the console's address.
 */
import { DEMO_ROLE_MAP, startOidcProvider } from './oidc-provider.js';

const port = Number(process.env.OIDC_PORT ?? 9400);
const consoleUrl = process.env.CONSOLE_URL ?? 'http://localhost:8080/';
// A fixed secret: the console's settings stay valid across restarts of this provider.
const provider = await startOidcProvider({
  port,
  consoleUrls: [consoleUrl],
  clientSecret: 'dev-oidc-secret',
});

const env = {
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_ROLE_MAP: DEMO_ROLE_MAP,
};
console.log(`OpenID provider for a console at ${consoleUrl} listening on ${provider.issuer}

Start the console with:

${Object.entries(env)
  .map(([name, value]) => `  ${name}=${value}`)
  .join(' \\\n')} \\
  npm start

Sign in as one of these users (any password is accepted):
${provider.users.map((user) => `  ${user.login.padEnd(10)} ${user.name.padEnd(16)} ${user.groups.join(', ')}`).join('\n')}
`);

const stop = () => {
  void provider.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
