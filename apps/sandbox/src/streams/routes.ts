import type { FastifyPluginAsync, RouteHandlerMethod } from "fastify";

/**
 * Stream endpoints for the api's stream-link probe, so its outcomes are tested offline:
 * `/streams/ok` (200), `/streams/not-found` (404), `/streams/error` (500), `/streams/hang` (never
 * answers), `/streams/redirect` (302 to `/streams/ok`), `/streams/redirect-loop` (302 to itself) and
 * `/streams/no-head` (405 to HEAD, 200 to GET). Each answers HEAD and GET.
 */
export const streamRoutes: FastifyPluginAsync = async (app) => {
  const both = (path: string, handler: RouteHandlerMethod) => {
    app.route({ method: ["GET", "HEAD"], url: path, handler, exposeHeadRoute: false });
  };
  both("/streams/ok", async (_request, reply) =>
    reply.type("application/vnd.apple.mpegurl").send("#EXTM3U\n#EXT-X-VERSION:3\n"),
  );
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
