import type { AddressInfo } from 'node:net';
import type { Express, RequestHandler } from 'express';
import { permissionsFor, type Role } from '../access/roles.js';

/** A router's unit-test caller: signed in with these roles, as `identify` would leave it. */
export const signedInAs =
  (rolesOf: (req: Parameters<RequestHandler>[0]) => Role[]): RequestHandler =>
  (req, _res, next) => {
    const roles = rolesOf(req);
    req.user = {
      id: 'p',
      name: 'P',
      email: null,
      avatar: null,
      roles,
      permissions: permissionsFor(roles),
      via: 'token',
    };
    next();
  };

/** Serves the app on a free port of the loopback interface. */
export async function listen(app: Express): Promise<{ url: string; close: () => void }> {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
