/**
 * The environment `npm start` (scripts/start.mjs) gives the servers it runs in its one process, from
 * the environment it was started with: their host and ports, the sandbox's and the content service's
 * URLs, and whether the sandbox runs (only while no provider key is configured).
 *
 * The sandbox it runs also stands in for the demo's stream servers (`/streams/{name}`, the demo
 * matches' links): its host is added to `LINK_PROBE_ALLOWED_HOSTS`, which the stream-link probe's
 * address guard otherwise refuses as loopback (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
 * Without the sandbox nothing is added: the configured value (none by default) stands.
 */
export function startEnv(env: NodeJS.ProcessEnv): {
  useSandbox: boolean;
  values: Record<string, string>;
} {
  const host = env.HOST || "127.0.0.1";
  const sandboxPort = env.SANDBOX_PORT || "8082";
  const useSandbox = !env.APISPORTS_KEY && !env.TMDB_API_KEY;
  const sandboxUrl = `http://${host}:${sandboxPort}`;
  const values: Record<string, string> = {
    HOST: host,
    PORT: env.PORT || "8080",
    CONTENT_PORT: env.CONTENT_PORT || "8081",
    SANDBOX_PORT: sandboxPort,
    SANDBOX_URL: sandboxUrl,
    CONTENT_URL: env.CONTENT_URL || `http://${host}:${env.CONTENT_PORT || "8081"}`,
  };
  if (useSandbox) {
    const sandboxHost = new URL(sandboxUrl).hostname.replace(/^\[|\]$/g, "");
    const allowed = (env.LINK_PROBE_ALLOWED_HOSTS ?? "").trim();
    const listed = allowed.split(",").map((entry) => entry.trim().toLowerCase());
    values.LINK_PROBE_ALLOWED_HOSTS = listed.includes(sandboxHost)
      ? allowed
      : [allowed, sandboxHost].filter(Boolean).join(",");
  }
  return { useSandbox, values };
}
