import { expect, it } from "vitest";
import { startEnv } from "./start-env.ts";

// `npm start` (scripts/start.mjs): the sandbox it runs stands in for the providers and for the
// demo's stream servers, so the stream-link probe may reach its host (docs/PRODUCT-RULES.md,
// stream-link health); a sandbox it does not run stays refused like any loopback address.

it("runs the sandbox without provider keys, and lets the stream-link probe reach it", () => {
  const { useSandbox, values } = startEnv({});
  expect(useSandbox).toBe(true);
  expect(values).toMatchObject({
    SANDBOX_URL: "http://127.0.0.1:8082",
    LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
  });
});

it("adds the sandbox's host to the hosts already allowed, once", () => {
  expect(startEnv({ LINK_PROBE_ALLOWED_HOSTS: "streams.internal" }).values.LINK_PROBE_ALLOWED_HOSTS).toBe(
    "streams.internal,127.0.0.1",
  );
  expect(
    startEnv({ LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1, streams.internal" }).values.LINK_PROBE_ALLOWED_HOSTS,
  ).toBe("127.0.0.1, streams.internal");
  expect(startEnv({ HOST: "10.1.2.3", SANDBOX_PORT: "9000" }).values).toMatchObject({
    SANDBOX_URL: "http://10.1.2.3:9000",
    LINK_PROBE_ALLOWED_HOSTS: "10.1.2.3",
  });
});

it("allows nothing more when a provider key is set and the sandbox does not run", () => {
  for (const keys of [{ APISPORTS_KEY: "k" }, { TMDB_API_KEY: "k" }]) {
    const { useSandbox, values } = startEnv(keys);
    expect(useSandbox).toBe(false);
    expect(values.LINK_PROBE_ALLOWED_HOSTS).toBeUndefined();
  }
  expect(
    startEnv({ APISPORTS_KEY: "k", LINK_PROBE_ALLOWED_HOSTS: "streams.internal" }).values
      .LINK_PROBE_ALLOWED_HOSTS,
  ).toBeUndefined();
});
