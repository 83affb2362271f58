import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

// The public intake commits concurrent requests together (lib/group-commit.ts): fewer statements,
// and still a 201 only once the row is stored.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function countInserts(table: string) {
  const query = t.app.db.query.bind(t.app.db);
  const seen = { statements: 0 };
  t.app.db.query = (async (text: string, params?: unknown[]) => {
    if (text.includes(`insert into ${table}`)) seen.statements += 1;
    return query(text, params);
  }) as typeof t.app.db.query;
  return {
    seen,
    restore: () => {
      t.app.db.query = query;
    },
  };
}

const stored = async (table: string, email: string) =>
  (await t.app.db.query(`select 1 from ${table} where lower(email) = lower($1)`, [email])).length;

describe("group commit of the public intake", () => {
  it("stores 120 concurrent subscriptions in fewer statements, each 201 once its row is there", async () => {
    const { seen, restore } = countInserts("email_subscriptions");
    try {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          t
            .inject({
              method: "POST",
              url: "/api/v1/public/apkw/emails",
              // Three visitors send the same address twice, in other case.
              payload: { email: i >= 117 ? `Group${i - 117}@example.com` : `group${i}@example.com` },
              remoteAddress: `10.40.${i >> 8}.${i & 255}`,
            })
            .then(async (response) => {
              const email = i >= 117 ? `group${i - 117}@example.com` : `group${i}@example.com`;
              // Checked as soon as the answer arrives: a 201 means committed.
              return {
                status: response.statusCode,
                storedAtAnswer: await stored("email_subscriptions", email),
              };
            }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(117);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      expect(answers.every((answer) => answer.storedAtAnswer === 1)).toBe(true);
      expect(seen.statements).toBeGreaterThan(0);
      expect(seen.statements).toBeLessThan(60);
    } finally {
      restore();
    }
    const listed = await t.app.db.query("select 1 from email_subscriptions where site = 'apkw'");
    expect(listed).toHaveLength(117);
  });

  it("stores concurrent contact messages whole, each with its own fields", async () => {
    const { seen, restore } = countInserts("contact_messages");
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.inject({
            method: "POST",
            url: "/api/v1/public/movies/contacts",
            payload: {
              email: `viewer${i}@example.com`,
              firstName: `Name${i}`,
              subject: `Subject ${i}`,
              message: `Body ${i}`,
            },
            remoteAddress: `10.41.0.${i}`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(201));
      expect(seen.statements).toBeLessThan(40);
    } finally {
      restore();
    }
    const rows = await t.app.db.query<{
      email: string;
      first_name: string;
      subject: string;
      message: string;
    }>("select email, first_name, subject, message from contact_messages where site = 'movies'");
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const i = row.email.match(/viewer(\d+)@/)![1];
      expect(row).toEqual({
        email: `viewer${i}@example.com`,
        first_name: `Name${i}`,
        subject: `Subject ${i}`,
        message: `Body ${i}`,
      });
    }
  });
});
