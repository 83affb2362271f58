import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, serverMessageOf, siteApi } from "./api-client";
import { saveSession } from "./session";
import { installTestWindow } from "./test-window";
import { registerToaster } from "./toast";

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answers: ((url: string) => Response)[];
let data: Map<string, string>;
const toasts: string[] = [];

function json(status: number, body: unknown, statusText = "") {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { "content-type": "application/json" },
  });
}

beforeEach(() => {
  data = installTestWindow();
  calls = [];
  answers = [];
  toasts.length = 0;
  const fake = Object.assign((title: string) => toasts.push(title), {
    error: (title: string) => toasts.push(title),
    success: (title: string) => toasts.push(title),
  });
  registerToaster(fake as never);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return next(url);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const signIn = () => saveSession("tok", { email: "a@example.com", role: "admin" });
const headers = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe("api client", () => {
  it("sends the bearer token on reads, without a CSRF fetch", async () => {
    signIn();
    answers.push(() => json(200, { status: "success", data: [] }));
    await api.get("/apkw/ads");
    expect(calls.map((c) => c.url)).toEqual(["/api/v1/apkw/ads"]);
    expect(headers(calls[0]).Authorization).toBe("Bearer tok");
  });

  it("sends the screen it is called from (x-screen, the path only) on signed-in calls, never on public ones", async () => {
    signIn();
    Object.assign(window, { location: { pathname: "/movies/emails", search: "?q=ada" } });
    answers.push(() => json(200, { status: "success", data: [] }));
    await api.get("/movies/contacts");
    expect(headers(calls[0])["x-screen"]).toBe("/movies/emails");
    answers.push(() => json(200, { status: "success" }));
    await api.post("/auth/login", { email: "a@example.com", password: "x" }, { auth: false });
    expect(headers(calls[1])["x-screen"]).toBeUndefined();
  });

  it("fetches /csrf before every write and sends x-csrf-token", async () => {
    signIn();
    for (const method of ["post", "put", "patch", "delete"] as const) {
      answers.push(() => json(200, { status: "success", csrfToken: `c-${method}` }));
      answers.push(() => json(200, { status: "success" }));
      await api[method]("/apkw/ads/1", { a: 1 });
    }
    expect(calls.map((c) => `${c.init.method ?? "GET"} ${c.url}`)).toEqual([
      "GET /api/v1/csrf",
      "POST /api/v1/apkw/ads/1",
      "GET /api/v1/csrf",
      "PUT /api/v1/apkw/ads/1",
      "GET /api/v1/csrf",
      "PATCH /api/v1/apkw/ads/1",
      "GET /api/v1/csrf",
      "DELETE /api/v1/apkw/ads/1",
    ]);
    expect(headers(calls[1])["x-csrf-token"]).toBe("c-post");
    expect(headers(calls[7])["x-csrf-token"]).toBe("c-delete");
    expect(calls[1]?.init.body).toBe('{"a":1}');
  });

  it("sends one Idempotency-Key per write, a new one for the next action, none on reads or public calls", async () => {
    signIn();
    for (let index = 0; index < 2; index++) {
      answers.push(() => json(200, { status: "success", csrfToken: "c" }));
      answers.push(() => json(201, { status: "success" }));
      await api.post("/apkw/ads", { a: index });
    }
    answers.push(() => json(200, { status: "success", data: [] }));
    await api.get("/apkw/ads");
    answers.push(() => json(200, { status: "success" }));
    await api.post("/auth/login", {}, { auth: false });
    const keys = calls.map((call) => headers(call)["Idempotency-Key"]);
    expect(keys[1]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[3]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[3]).not.toBe(keys[1]);
    expect([keys[0], keys[2], keys[4], keys[5]]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("a write that got no answer is sent once more with the same key; a second silence is Request failed", async () => {
    signIn();
    const dropped = () => {
      throw new TypeError("fetch failed");
    };
    answers.push(() => json(200, { status: "success", csrfToken: "c" }), dropped);
    answers.push(() => json(201, { status: "success", data: { id: 1 } }));
    await expect(api.post("/apkw/ads", { a: 1 })).resolves.toEqual({ status: "success", data: { id: 1 } });
    expect(calls.map((c) => c.init.method ?? "GET")).toEqual(["GET", "POST", "POST"]);
    expect(headers(calls[2])["Idempotency-Key"]).toBe(headers(calls[1])["Idempotency-Key"]);

    calls = [];
    answers.push(() => json(200, { status: "success", csrfToken: "c" }), dropped, dropped);
    await expect(api.put("/apkw/ads/1", { a: 1 })).rejects.toThrow("Request failed");
    expect(calls).toHaveLength(3);
  });

  it("without a token: No authentication token, or the movies wording", async () => {
    await expect(api.get("/apkw/ads")).rejects.toThrow("No authentication token");
    await expect(api.get("/movies/catalog", { variant: "movies" })).rejects.toThrow(
      "Not authenticated for Movies module",
    );
    expect(calls).toEqual([]);
  });

  it("a failed CSRF fetch: Failed to get CSRF token; the movies client goes on without it", async () => {
    signIn();
    answers.push(() => json(500, { status: "error", message: "boom" }));
    await expect(api.post("/apkw/ads", {})).rejects.toThrow("Failed to get CSRF token");
    expect(calls).toHaveLength(1);

    answers.push(() => json(500, { status: "error", message: "boom" }));
    answers.push(() => json(403, { status: "fail", message: "Invalid CSRF token" }));
    await expect(api.post("/movies/catalog", {}, { variant: "movies" })).rejects.toThrow(
      "Invalid CSRF token",
    );
    expect(headers(calls[2])["x-csrf-token"]).toBeUndefined();
  });

  it("a 401 clears all storage and says Session expired. Please login again.", async () => {
    signIn();
    data.set("selectedDashboard", "movies");
    answers.push(() => json(401, { status: "fail", message: "Unauthorized" }));
    await expect(api.get("/apkw/ads")).rejects.toThrow("Session expired. Please login again.");
    expect(data.size).toBe(0);
    expect(toasts).toEqual(["Session expired. Please login again."]);
  });

  it("a 401 of a session signed out elsewhere says so instead of Session expired", async () => {
    // The previous test's 401 was told less than a second ago: this one is told again after it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    signIn();
    const signedOut = "You were signed out. Please sign in again.";
    answers.push(() => json(401, { status: "fail", message: signedOut }));
    const error = await api.get("/apkw/ads").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: signedOut, status: 401, sessionExpired: true });
    expect(data.size).toBe(0);
    expect(toasts).toEqual([signedOut]);
    // Before a write too: the CSRF fetch is the first to hear it.
    signIn();
    answers.push(() => json(401, { status: "fail", message: signedOut }));
    await expect(api.post("/apkw/ads", {})).rejects.toThrow(signedOut);
    expect(data.size).toBe(0);
  });

  it("a 401 on a public call is just an answer (wrong password)", async () => {
    answers.push(() => json(401, { status: "fail", message: "Invalid email or password" }));
    await expect(api.post("/auth/login", {}, { auth: false })).rejects.toThrow("Invalid email or password");
    expect(toasts).toEqual([]);
  });

  it("400 and 500 answers throw one ApiError with the status, message and field errors", async () => {
    signIn();
    const refused = {
      status: "fail",
      message: "Please fill all the fields",
      errors: [{ path: "title", message: "title is required", code: "required" }],
    };
    answers.push(() => json(400, refused));
    const error = await api.get("/apkw/apps").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Please fill all the fields", body: refused });
    expect((error as ApiError).errors).toEqual([
      { path: "title", message: "title is required", code: "required" },
    ]);
    expect(serverMessageOf(error, "Failed to save app")).toBe("Please fill all the fields");
    answers.push(() => json(500, { status: "error", message: "Oops" }));
    await expect(api.get("/apkw/ads")).rejects.toMatchObject({ status: 500, message: "Oops", errors: [] });
    expect(serverMessageOf(new Error("network"), "Failed to fetch apps")).toBe("Failed to fetch apps");
  });

  it("the per-site binding prefixes the site and carries its wording variant", async () => {
    await expect(siteApi({ key: "movies", apiVariant: "movies" }).get("/locker")).rejects.toThrow(
      "Not authenticated for Movies module",
    );
    signIn();
    answers.push(() => json(200, { status: "success", data: [] }));
    await siteApi({ key: "sportbn", apiVariant: "default" }).get("/matches", { query: { page: 2 } });
    expect(calls.at(-1)?.url).toBe("/api/v1/sportbn/matches?page=2");
  });

  it("204 returns nothing", async () => {
    signIn();
    answers.push(() => new Response(null, { status: 204 }));
    expect(await api.get("/apkw/ads")).toBeUndefined();
  });

  it("a delete that moved records to the trash carries its x-undo-token as undoToken", async () => {
    signIn();
    const token = "0b7e2a4c-3f5d-4e8a-9c1b-2d6f8a0e4b71";
    const undoable = (status: number, body: unknown) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", "x-undo-token": token },
      });
    answers.push(
      () => json(200, { csrfToken: "c" }),
      () => undoable(200, { status: "success", deleted: 2 }),
    );
    expect(
      await siteApi({ key: "sportbn", apiVariant: "default" }).delete("/emails", { ids: ["1"] }),
    ).toEqual({
      status: "success",
      deleted: 2,
      undoToken: token,
    });
    answers.push(
      () => json(200, { csrfToken: "c" }),
      () => undoable(204, undefined),
    );
    expect(await api.delete("/apkw/ads/1")).toEqual({ undoToken: token });
    // Without the header the answer is unchanged.
    answers.push(
      () => json(200, { csrfToken: "c" }),
      () => json(200, { status: "success" }),
    );
    expect(await api.delete("/apkw/ads/1")).toEqual({ status: "success" });
  });

  it("other failures: the message, the error field, the status text, else Request failed", async () => {
    signIn();
    answers.push(() => json(404, { status: "fail", message: "Not found here" }));
    await expect(api.get("/x")).rejects.toThrow("Not found here");
    answers.push(() => json(409, { error: "Conflict field" }));
    await expect(api.get("/x")).rejects.toThrow("Conflict field");
    answers.push(() => json(429, undefined, "Too Many Requests"));
    await expect(api.get("/x")).rejects.toThrow("Too Many Requests");
    answers.push(() => json(403, undefined));
    await expect(api.get("/x")).rejects.toThrow("Request failed");
    answers.push(() => json(403, undefined));
    const error = await api.get("/x", { variant: "movies" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Request failed (403)");
  });

  it("adds query parameters", async () => {
    signIn();
    answers.push(() => json(200, { status: "success" }));
    await api.get("/apkw/emails", { query: { page: 2, skip: undefined } });
    expect(calls[0]?.url).toBe("/api/v1/apkw/emails?page=2");
  });
});

describe("toastError", () => {
  it("stays quiet for an expired session, which the client already announced", async () => {
    const { toastError } = await import("./toast");
    signIn();
    answers.push(() => json(401, { status: "fail", message: "Unauthorized" }));
    const expired = await api.get("/x").catch((e: unknown) => e);
    toastError("Profile update failed", expired);
    toastError("Login failed", new ApiError("Invalid email or password", 401));
    expect(toasts).not.toContain("Profile update failed");
    expect(toasts).toContain("Login failed");
  });
});
