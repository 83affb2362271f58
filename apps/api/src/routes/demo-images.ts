import { LEAGUE_LOGOS_PATH, PREDEFINED_LEAGUES } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** Where the demo catalogue's images live: served by the product itself, so it works offline. */
export const DEMO_IMAGES_PATH = "/api/v1/assets/demo";

const params = z.strictObject({
  kind: z.enum(["icon", "background"], { error: "kind must be icon or background" }),
  name: z.string().regex(/^[a-z0-9-]{1,80}\.svg$/, "name must be a demo image name"),
});

/** A stable colour for a name, so each demo app keeps its look across restarts. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initials(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

/** The logo files of the predefined leagues (packages/contracts/src/sports.ts). */
const LEAGUE_LOGOS = new Set(
  Object.values(PREDEFINED_LEAGUES).flatMap((leagues) => leagues.map((l) => l.logo)),
);

function svg(kind: "icon" | "background" | "league", slug: string): string {
  const hue = hueOf(slug);
  const [width, height] = kind === "background" ? [640, 200] : [128, 128];
  const text =
    kind !== "background"
      ? `<text x="64" y="78" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initials(slug)}</text>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 30%)"/></linearGradient></defs><rect width="100%" height="100%" rx="${kind === "icon" ? 24 : kind === "league" ? 64 : 0}" fill="url(#g)"/>${text}</svg>`;
}

/**
 * Generated images the product serves itself, so screens work offline: the demo apps' icons and
 * backgrounds (never an outside host) and the predefined leagues' logos.
 */
const demoImagesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    `${DEMO_IMAGES_PATH}/:kind/:name`,
    { schema: { tags: ["system"], params } },
    async (request, reply) => {
      const { kind, name } = request.params;
      return reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=86400")
        .send(svg(kind, name.slice(0, -".svg".length)));
    },
  );

  fastify.get(
    `${LEAGUE_LOGOS_PATH}/:name`,
    { schema: { tags: ["system"], params: z.strictObject({ name: z.string().max(80) }) } },
    async (request, reply) => {
      const { name } = request.params;
      if (!LEAGUE_LOGOS.has(name))
        return reply.code(404).send({ status: "fail", message: "No such league logo" });
      return reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=86400")
        .send(svg("league", name.slice(0, -".svg".length)));
    },
  );
};

export default demoImagesRoutes;
