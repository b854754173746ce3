import express from 'express';
import helmet from 'helmet';
import { listen } from './test-app.js';
import { securityHeaders } from './security.js';

/** The headers an app with `middleware` answers a request with, that the test names. */
async function answeredHeaders(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const server = await listen(app);
  try {
    const response = await fetch(server.url);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['date', 'etag', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name))
        headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("answers helmet's headers for the console's settings, set once and replayed", async () => {
    const replayed = await answeredHeaders(securityHeaders());
    expect(replayed['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(replayed['x-frame-options']).toBe('DENY');
    expect(replayed['strict-transport-security']).toBeUndefined();
    // Every header helmet itself sets on an answer, with the same value.
    const direct = await answeredHeaders(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: false,
      }),
    );
    expect(Object.keys(replayed).sort()).toEqual(Object.keys(direct).sort());
  });
});
