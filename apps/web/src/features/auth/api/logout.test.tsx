import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "@/lib/screen.testing";
import { logout } from "./logout";

// Sign-out of an SSO session also visits its provider's sign-out page (docs/SSO.md).
afterEach(() => vi.unstubAllGlobals());

describe("logout", () => {
  it("answers the provider's sign-out page, asked before the session ends", async () => {
    const calls = fakeApi({
      "GET /auth/oidc/sign-out-url": {
        body: { status: "success", data: { url: "https://id.example/logout" } },
      },
      "POST /auth/logout": { body: { status: "success", message: "Logged out" } },
    });
    expect(await logout()).toBe("https://id.example/logout");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /auth/oidc/sign-out-url",
      "POST /auth/logout",
    ]);
  });

  it("answers null for a password session, or when the page cannot be asked", async () => {
    fakeApi({ "POST /auth/logout": { body: { status: "success", message: "Logged out" } } });
    expect(await logout()).toBeNull();
  });
});
