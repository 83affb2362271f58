import type { FastifyPluginAsync, RouteHandlerMethod } from "fastify";

/** A live HLS playlist's first lines, as a stream server answers them (small: the probe reads none of it). */
const PLAYLIST =
  "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1\n#EXTINF:6.0,\nsegment-1.ts\n#EXTINF:6.0,\nsegment-2.ts\n";

/**
 * Stream endpoints for the api's stream-link probe, so its outcomes are tested offline:
 * `/streams/ok` (200), `/streams/not-found` (404), `/streams/error` (500), `/streams/hang` (never
 * answers), `/streams/redirect` (302 to `/streams/ok`), `/streams/redirect-loop` (302 to itself) and
 * `/streams/no-head` (405 to HEAD, 200 to GET). Each answers HEAD and GET.
 * The demo's links (apps/api/src/seed/demo.ts): `/streams/{name}` (lower-case letters, digits and
 * dashes, up to 100) is a healthy live stream, `/streams/offline` a stream server that is down (503).
 */
export const streamRoutes: FastifyPluginAsync = async (app) => {
  const both = (path: string, handler: RouteHandlerMethod) => {
    app.route({ method: ["GET", "HEAD"], url: path, handler, exposeHeadRoute: false });
  };
  both("/streams/ok", async (_request, reply) =>
    reply.type("application/vnd.apple.mpegurl").send("#EXTM3U\n#EXT-X-VERSION:3\n"),
  );
  both("/streams/offline", async (_request, reply) =>
    reply.code(503).header("retry-after", "60").send({ message: "Stream offline" }),
  );
  // Any other name; the fixed paths above and below win over it.
  both("/streams/:name", async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!/^[a-z0-9-]{1,100}$/.test(name)) return reply.code(404).send({ message: "Not found" });
    return reply.type("application/vnd.apple.mpegurl").send(PLAYLIST);
  });
  both("/streams/not-found", async (_request, reply) => reply.code(404).send({ message: "Not found" }));
  both("/streams/error", async (_request, reply) => reply.code(500).send({ message: "Stream server error" }));
  // Holds the request until the client gives up (the probe's 5-second timeout).
  both("/streams/hang", (request, reply) => {
    const timer = setTimeout(() => reply.code(200).send(""), 60_000);
    request.raw.on("close", () => clearTimeout(timer));
  });
  both("/streams/redirect", async (_request, reply) => reply.redirect("/streams/ok", 302));
  both("/streams/redirect-loop", async (_request, reply) => reply.redirect("/streams/redirect-loop", 302));
  both("/streams/no-head", async (request, reply) =>
    request.method === "HEAD"
      ? reply.code(405).send()
      : reply.type("application/vnd.apple.mpegurl").send("#EXTM3U\n"),
  );
};
