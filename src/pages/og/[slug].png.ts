import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { pricingLabel } from '../../lib/pricing.ts';
import { listToolsForSocialImages } from '../../server/db/queries/public/tool-page.ts';
import { svgToPng } from '../../server/og/render.ts';
import { toolImageSvg } from '../../server/og/template.ts';
import { siteConfig } from '../../server/site.ts';

export const getStaticPaths = (async () => {
  const tools = await listToolsForSocialImages();
  return tools.map((tool) => ({ params: { slug: tool.slug }, props: { tool } }));
}) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

/** A tool's 1200×630 social image, drawn at build time. */
export const GET: APIRoute<Props> = async ({ props: { tool } }) => {
  const svg = toolImageSvg({
    siteName: siteConfig().name,
    title: tool.title,
    categoryName: tool.category?.name ?? null,
    categoryIcon: tool.category?.icon ?? null,
    color: tool.category?.color ?? null,
    pricingLabel: pricingLabel[tool.pricing],
  });
  return new Response(await svgToPng(svg), { headers: { 'Content-Type': 'image/png' } });
};
