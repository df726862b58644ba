/**
 * The internal twins of the prerendered pages that depend on the catalogue (docs/decisions/013): each file under
 * src/pages/reconstruccion-interna/ renders the page of the same path with the same template and props as the full
 * build, for the incremental rebuild's renderer (src/server/build/render-pages.ts). One twin per template, so each
 * carries exactly its template's styles. Only a request with the renderer's token is answered; on a live server
 * no token exists and every twin is a 404.
 */
import { oncePerBuild } from '../../server/build/once-per-build.ts';
import { RENDER_TOKEN_ENV, RENDER_TOKEN_HEADER } from '../../server/build/twin-routes.ts';
import { listPrerenderedSlugs } from '../../server/db/queries/public/tools.ts';
import { prerenderedTools } from '../../server/site.ts';

export function twinAllowed(request: Request): boolean {
  const token = process.env[RENDER_TOKEN_ENV];
  return token !== undefined && token !== '' && request.headers.get(RENDER_TOKEN_HEADER) === token;
}

/** Not a page of this site (anymore): the rebuild removes its file. */
export const missing = () => new Response(null, { status: 404 });

interface StaticPath<P> {
  params: Record<string, string | undefined>;
  props: P;
}

// Read once per rebuild: the warm renderer keeps this module between rebuilds (once-per-build.ts).
const lists = new Map<string, () => Promise<unknown>>();

/** The props the route's getStaticPaths gives the page with these params; undefined when the route has no such page. */
export async function staticProps<P>(
  route: string,
  list: () => Promise<StaticPath<P>[]> | StaticPath<P>[],
  params: Record<string, string | undefined>,
): Promise<P | undefined> {
  if (!lists.has(route))
    lists.set(
      route,
      oncePerBuild(async () => list()),
    );
  const paths = (await lists.get(route)!()) as StaticPath<P>[];
  return paths.find((path) => Object.keys(path.params).every((key) => path.params[key] === params[key]))?.props;
}

const prerenderedSlugs = oncePerBuild(async () => new Set(await listPrerenderedSlugs(prerenderedTools())));

/** Whether a build prerenders this tool's pages (docs/decisions/015): read once per rebuild. */
export const isPrerendered = async (slug: string | undefined): Promise<boolean> => slug !== undefined && (await prerenderedSlugs()).has(slug);
