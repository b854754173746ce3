/**
 * The first screen of a page, drawn on the server (server/src/http/first-screen.ts) with the
 * reads its first load names, so the browser shows it as soon as the HTML and the stylesheet
 * are in instead of after the UI's code has loaded and run. The browser's own first render then
 * replaces it whole (main.tsx): nothing is hydrated, so the two need not match to the byte (the
 * browser's render knows the theme, the card width, the sidebar state). Built for Node by
 * hack/build.ts beside the UI it belongs to.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from './App.js';
import { routes } from './routes.js';

/** The routes without their loaders: those start the browser's reads, which the server has made. */
const withoutLoaders = (list: RouteObject[]): RouteObject[] =>
  list.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutLoaders(children) } : route) as RouteObject,
  );

const serverRoutes = withoutLoaders(routes);

/**
 * The markup of `url`'s page (an absolute URL under `basename`) with `reads` (API answers by the
 * URL the UI reads them at, its SWR key); undefined when the page would redirect or fail, which
 * the browser's render then shows itself.
 */
export async function renderFirstScreen(
  url: string,
  basename: string,
  reads: Record<string, unknown>,
): Promise<string | undefined> {
  const handler = createStaticHandler(serverRoutes, { basename });
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders swr={{ provider: () => new Map(), fallback: reads }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
