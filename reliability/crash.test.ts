import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, engine, sleep, startBackOffice } from "./faults.ts";
import { FULL, report } from "./support.ts";

// A supervisor kills the api and the content service with SIGKILL at random moments while clients
// write, restarts them, and checks that every write they acknowledged is there, whole.
/** Per database: 240 kills in the full run when PostgreSQL runs too. */
const KILLS = FULL ? 120 : 6;

// The engine of this Vitest project (reliability-pglite or reliability-postgres); PostgreSQL on fresh
// databases of the TEST_DATABASE_URL server.
const kinds = [engine] as const;

type Written = { kind: "email" | "contact" | "ad" | "title"; key: string; fields: Record<string, unknown> };

describe.each(kinds)("crash consistency on %s", (kind) => {
  let services: Awaited<ReturnType<typeof startBackOffice>>;
  beforeAll(async () => {
    services = await startBackOffice({ instances: 1 });
  }, 120_000);
  afterAll(() => services?.stop());

  it("keeps every acknowledged write, whole, across SIGKILLs of the api and the content service", {
    timeout: 3_600_000,
  }, async () => {
    const api = services.apis[0]!;
    const { content } = services;
    const login = (await (
      await fetch(`${api.url}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { data: { token: string } };
    const token = login.data.token as string;
    const acknowledged: Written[] = [];
    let attempts = 0;
    let n = 0;
    let stop = false;

    const csrf = async () =>
      (
        (await (
          await fetch(`${api.url}/api/v1/csrf`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          csrfToken: string;
        }
      ).csrfToken;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${api.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });

    // Writers: public subscriptions and contact messages, ads by an admin, titles imported.
    const writer = async (kind: Written["kind"]) => {
      while (!stop) {
        n += 1;
        attempts += 1;
        const id = `${kind}-${n}`;
        try {
          const address = { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
          if (kind === "email") {
            const fields = { email: `${id}@crash.example`, url: `https://apkw.example/${id}` };
            const answer = await post("/api/v1/public/apkw/emails", fields, address);
            if (answer.status === 201)
              acknowledged.push({ kind, key: fields.email, fields: { url: fields.url } });
          } else if (kind === "contact") {
            const fields = {
              email: `${id}@crash.example`,
              firstName: "Crash",
              lastName: id,
              subject: id,
              message: `body of ${id}`,
            };
            const answer = await post("/api/v1/public/movies/contacts", fields, address);
            if (answer.status === 201)
              acknowledged.push({
                kind,
                key: fields.email,
                fields: { lastName: id, subject: id, message: fields.message },
              });
          } else if (kind === "ad") {
            const fields = {
              page: id,
              url: `https://ads.example/${id}`,
              head: `<script>/*${id}*/</script>`,
              body: "null",
              isActive: "true",
            };
            const answer = await post("/api/v1/sportbn/ads", fields, {
              authorization: `Bearer ${token}`,
              "x-csrf-token": await csrf(),
              "xss-jfsg": "true",
            });
            if (answer.status === 201)
              acknowledged.push({ kind, key: id, fields: { url: fields.url, head: fields.head } });
          } else {
            // Titles: the sandbox's movie ids, each imported once.
            const tmdbId = [603, 550, 27205, 155, 680, 13, 278, 238, 424, 129][n % 10]!;
            const answer = await post(
              "/api/v1/movies/catalog/import/tmdb",
              { tmdbId, kind: "movie", featured: false },
              { authorization: `Bearer ${token}`, "x-csrf-token": await csrf() },
            );
            if (answer.status === 201) acknowledged.push({ kind, key: String(tmdbId), fields: {} });
          }
        } catch {
          // The server was down: not acknowledged, so nothing is owed.
          await sleep(20);
        }
      }
    };

    const writers = [writer("email"), writer("contact"), writer("ad"), writer("title"), writer("email")];
    const restartMs: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(150 + Math.random() * 450);
      const victim = kill % 3 === 2 ? content : api;
      await victim.stop();
      restartMs.push(await victim.start());
    }
    stop = true;
    await Promise.all(writers);

    // Read everything back through the api.
    // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, read field by field below
    const get = async (path: string): Promise<any> =>
      (await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const pages = async (path: string) => {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const answer = await get(`${path}?page=${page}&limit=100`);
        rows.push(...answer.data);
        if (page >= answer.pagination.numberOfPages) return rows;
      }
    };
    const emails = new Map((await pages("/api/v1/apkw/emails")).map((row) => [row.email as string, row]));
    const contacts = new Map(
      (await pages("/api/v1/movies/contacts")).map((row) => [row.email as string, row]),
    );
    const ads = new Map(
      ((await get("/api/v1/sportbn/ads")).data as Record<string, unknown>[]).map((row) => [
        row.page as string,
        row,
      ]),
    );
    const titles = new Set(
      ((await get("/api/v1/movies/catalog")) as { tmdbId: number }[]).map((row) => String(row.tmdbId)),
    );

    let lost = 0;
    let partial = 0;
    const problems: string[] = [];
    for (const write of acknowledged) {
      const row =
        write.kind === "email"
          ? emails.get(write.key)
          : write.kind === "contact"
            ? contacts.get(write.key)
            : write.kind === "ad"
              ? ads.get(write.key)
              : titles.has(write.key)
                ? {}
                : undefined;
      if (!row) {
        lost += 1;
        problems.push(`lost ${write.kind} ${write.key}`);
        continue;
      }
      for (const [field, value] of Object.entries(write.fields)) {
        if ((row as Record<string, unknown>)[field] !== value) {
          partial += 1;
          problems.push(`partial ${write.kind} ${write.key}: ${field}`);
        }
      }
    }
    const sorted = [...restartMs].sort((a, b) => a - b);
    report(`crash-${kind}`, {
      database: kind,
      kills: KILLS,
      writesAttempted: attempts,
      writesAcknowledged: acknowledged.length,
      writesLost: lost,
      partialRows: partial,
      restartMsMedian: sorted[Math.floor(sorted.length / 2)],
      restartMsMax: sorted.at(-1),
    });
    expect(problems.slice(0, 20)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(KILLS);
  });
});
