import { request as httpRequest } from "node:http";
import { baseUrl } from "./env";

/** Admin calls the tests use to set up and inspect data (bearer token plus a CSRF token for writes). */
export function adminApi(token: string) {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (method !== "GET") {
      const csrf = await fetch(`${baseUrl()}/api/v1/csrf`, { headers });
      headers["x-csrf-token"] = ((await csrf.json()) as { csrfToken: string }).csrfToken;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${baseUrl()}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  type Match = { _id: string; homeTeam: { name: string }; awayTeam: { name: string } };

  type Ad = {
    _id: string;
    page: string;
    url: string;
    isActive: boolean;
    head: string | null;
    body: string | null;
  };
  type EmailsPage = {
    data: { _id: string; email: string; url: string | null; createdAt: string }[];
    pagination: { page: number; numberOfPages: number };
    result: number;
  };
  type Locker = { _id: string; type: "js" | "api"; seconds: number; isActive: boolean };

  const matches = {
    async list(): Promise<Match[]> {
      return (await call<{ data: Match[] }>("GET", "/sportbn/matches")).body.data;
    },
    async create(match: Record<string, unknown>): Promise<Match> {
      const res = await call<{ data: Match }>("POST", "/sportbn/matches", match);
      if (res.status !== 201) throw new Error(`create match: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async clear() {
      const ids = (await matches.list()).map((m) => m._id);
      if (ids.length) await call("DELETE", "/sportbn/matches", { ids });
    },
  };

  return {
    matches,
    call,
    async ads(site: string, page?: string): Promise<Ad[]> {
      const res = await call<{ data: Ad[] }>("GET", `/${site}/ads${page ? `?page=${page}` : ""}`);
      if (res.status !== 200) throw new Error(`list ads ${site}: ${res.status}`);
      return res.body.data;
    },
    async createAd(
      site: string,
      ad: { page: string; url: string; head?: string; body?: string; isActive?: boolean },
    ) {
      const res = await call<{ data: Ad }>("POST", `/${site}/ads`, ad);
      if (res.status !== 201) throw new Error(`create ad ${site}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async clearAds(site: string, pages: (string | undefined)[] = [undefined]) {
      for (const page of pages) {
        for (const ad of await this.ads(site, page)) {
          const res = await call("DELETE", `/${site}/ads/${ad._id}`);
          if (res.status !== 200) throw new Error(`delete ad ${site}: ${res.status}`);
        }
      }
    },
    async emails(site: string, page = 1): Promise<EmailsPage> {
      const res = await call<EmailsPage>("GET", `/${site}/emails?page=${page}&limit=100`);
      if (res.status !== 200) throw new Error(`list emails ${site}: ${res.status}`);
      return res.body;
    },
    async clearEmails(site: string) {
      for (;;) {
        const { data } = await this.emails(site);
        if (data.length === 0) return;
        const res = await call("DELETE", `/${site}/emails`, { ids: data.map((row) => row._id) });
        if (res.status !== 200) throw new Error(`delete emails ${site}: ${res.status}`);
      }
    },
    async locker(site: string): Promise<Locker> {
      const query = site === "movies" ? "?site=movies" : "";
      const res = await call<{ data: Locker[] }>("GET", `/${site}/locker${query}`);
      const locker = res.body.data[0];
      if (res.status !== 200 || !locker) throw new Error(`locker ${site}: ${res.status}`);
      return locker;
    },
    async setLocker(site: string, values: { type?: "js" | "api"; seconds: number; isActive: boolean }) {
      const current = await this.locker(site);
      const body = site === "movies" ? { site, type: "js", ...values } : values;
      const res = await call("PUT", `/${site}/locker/${current._id}`, body);
      if (res.status !== 200)
        throw new Error(`set locker ${site}: ${res.status} ${JSON.stringify(res.body)}`);
    },
  };
}

let nextClient = 2;

/**
 * Subscribes through the public endpoint as a visitor would. The endpoint allows 10 sign-ups a
 * minute per client address, so each batch of up to 10 comes from an address of its own: a
 * loopback source address (127.0.0.n) and the same in X-Forwarded-For (for a proxy-trusting API).
 */
export async function subscribe(site: string, entries: { email: string; url?: string }[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < entries.length; i += 10) {
    const n = nextClient++;
    const address = `127.${(process.pid % 250) + 1}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;
    for (const entry of entries.slice(i, i + 10)) {
      statuses.push(await postFrom(address, `/api/v1/public/${site}/emails`, entry));
    }
  }
  return statuses;
}

function postFrom(localAddress: string, path: string, body: unknown): Promise<number> {
  const target = new URL(path, baseUrl());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "x-forwarded-for": localAddress,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
