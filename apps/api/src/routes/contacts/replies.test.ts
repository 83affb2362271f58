import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { startSmtpServer } from "../../../test/smtp.ts";

// Contacts as an inbox that gets answered (docs/PRODUCT-RULES.md#contacts-get-answered).
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const t = signedInApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: "Movies <hello@movies.example>" }));
const withoutSmtp = signedInApp();

let address = 0;
async function received(app: typeof t, email: string) {
  const sent = await app.inject({
    method: "POST",
    url: "/api/v1/public/movies/contacts",
    payload: { email, firstName: "Ada", subject: "Broken player", message: "It stops.\nEvery time." },
    remoteAddress: `10.91.0.${address++}`,
  });
  expect(sent.statusCode).toBe(201);
  const list = (await app.admin("GET", `/api/v1/movies/contacts?q=${email}`)).json();
  return list.data[0] as { _id: string; readAt: string | null; answeredAt: string | null };
}

const reply = { subject: "Re: Broken player", message: "Fixed, thanks!\n\n> It stops.\n> Every time." };

describe("contact messages: read, answered, replies", () => {
  it("arrives unread and unanswered; PATCH read marks it read (and unread again)", async () => {
    const message = await received(t, "reader@example.com");
    expect(message).toMatchObject({ readAt: null, answeredAt: null });
    const read = await t.admin("PATCH", `/api/v1/movies/contacts/${message._id}/read`, { read: true });
    expect(read.statusCode).toBe(200);
    const readAt = read.json().data.readAt;
    expect(readAt).toMatch(/^\d{4}-/);
    // Opening it again keeps the first time.
    const again = await t.admin("PATCH", `/api/v1/movies/contacts/${message._id}/read`, { read: true });
    expect(again.json().data.readAt).toBe(readAt);
    const listed = (await t.admin("GET", "/api/v1/movies/contacts?q=reader@")).json().data[0];
    expect(listed.readAt).toBe(readAt);
    const unread = await t.admin("PATCH", `/api/v1/movies/contacts/${message._id}/read`, { read: false });
    expect(unread.json().data.readAt).toBeNull();
  });

  it("sends a reply through SMTP from MAIL_FROM, keeps it with the message and in History", async () => {
    const message = await received(t, "asker@example.com");
    const sent = await t.admin("POST", `/api/v1/movies/contacts/${message._id}/reply`, reply);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      status: "success",
      message: "Reply sent",
      data: {
        messageId: message._id,
        to: "asker@example.com",
        from: "Movies <hello@movies.example>",
        ...reply,
      },
    });
    const mail = await smtp.waitFor("asker@example.com");
    expect(mail.raw).toMatch(/^From: Movies <hello@movies\.example>/m);
    expect(mail.raw).toMatch(/^Subject: Re: Broken player/m);
    expect(mail.raw).toContain("> Every time.");

    const details = (await t.admin("GET", `/api/v1/movies/contacts/${message._id}`)).json().data;
    expect(details.answeredAt).toMatch(/^\d{4}-/);
    expect(details.readAt).toMatch(/^\d{4}-/);
    expect(details.replies).toEqual([sent.json().data]);
    expect(details.replies[0].sentBy).toBe(t.config.ADMIN_EMAIL);

    const history = (await t.admin("GET", "/api/v1/movies/history?resource=replies")).json();
    expect(history.data[0]).toMatchObject({
      resource: "replies",
      action: "create",
      recordId: sent.json().data._id,
    });
  });

  it("tells the web whether replies can be sent, and from whom", async () => {
    const config = (await t.inject({ method: "GET", url: "/api/v1/config" })).json();
    expect(config.data.mail).toEqual({ smtp: true, from: "Movies <hello@movies.example>" });
    const plain = (await withoutSmtp.inject({ method: "GET", url: "/api/v1/config" })).json();
    expect(plain.data.mail.smtp).toBe(false);
  });

  it("without SMTP refuses with 409, sends and keeps nothing", async () => {
    const message = await received(withoutSmtp, "nosmtp@example.com");
    const refused = await withoutSmtp.admin("POST", `/api/v1/movies/contacts/${message._id}/reply`, reply);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("no mail server is configured");
    expect(withoutSmtp.mails).toHaveLength(0);
    const details = (await withoutSmtp.admin("GET", `/api/v1/movies/contacts/${message._id}`)).json().data;
    expect(details).toMatchObject({ answeredAt: null, replies: [] });
  });

  it("refuses bad input with a 400 naming the field, and an unknown message with 404", async () => {
    const message = await received(t, "bad@example.com");
    const cases: [object, string][] = [
      [{ ...reply, subject: "" }, "subject is required"],
      [{ ...reply, subject: "Re: hi\r\nBcc: all@example.com" }, "subject must be on one line"],
      [{ ...reply, message: "  " }, "message is required"],
      [{ ...reply, message: "x".repeat(20_001) }, "message must be at most 20000 characters"],
      [{ ...reply, cc: "x@example.com" }, "Unknown field: cc"],
    ];
    for (const [payload, error] of cases) {
      const response = await t.admin("POST", `/api/v1/movies/contacts/${message._id}/reply`, payload);
      expect(response.statusCode, error).toBe(400);
      expect(response.json().message).toContain(error);
    }
    const readBad = await t.admin("PATCH", `/api/v1/movies/contacts/${message._id}/read`, { read: "yes" });
    expect(readBad.statusCode).toBe(400);
    expect(readBad.json().message).toContain("read must be true or false");
    const missing = "0".repeat(24);
    expect((await t.admin("POST", `/api/v1/movies/contacts/${missing}/reply`, reply)).statusCode).toBe(404);
    expect(
      (await t.admin("PATCH", `/api/v1/movies/contacts/${missing}/read`, { read: true })).statusCode,
    ).toBe(404);
    expect((await t.admin("GET", `/api/v1/movies/contacts/${missing}`)).statusCode).toBe(404);
    // Contacts are the movies site's: elsewhere the routes do not exist.
    expect((await t.admin("GET", `/api/v1/apkw/contacts/${missing}`)).statusCode).toBe(404);
  });
});

describe("contact messages: marked by hand", () => {
  const mark = (body: object) => t.admin("PATCH", "/api/v1/movies/contacts", body);
  const details = async (id: string) => (await t.admin("GET", `/api/v1/movies/contacts/${id}`)).json().data;
  /** The History entries of messages (kind contacts), newest first. */
  const logged = async () =>
    (await t.admin("GET", "/api/v1/movies/history?resource=contacts&limit=100")).json().data as {
      id: string;
      action: string;
      recordId: string;
      admin: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];

  it("marks one message answered (a reply by phone): answered and read, one History entry", async () => {
    const message = await received(t, "phoned@example.com");
    const before = (await logged()).length;
    const answered = await mark({ ids: [message._id], answered: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: "success", message: "Messages marked" });
    const [row] = answered.json().data;
    expect(row).toMatchObject({ _id: message._id, email: "phoned@example.com" });
    expect(row.answeredAt).toMatch(/^\d{4}-/);
    expect(row.readAt).toMatch(/^\d{4}-/);
    expect(await details(message._id)).toMatchObject({ answeredAt: row.answeredAt, replies: [] });

    const entries = await logged();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      action: "update",
      recordId: message._id,
      admin: t.config.ADMIN_EMAIL,
      before: { email: "phoned@example.com", readAt: null, answeredAt: null },
      after: { email: "phoned@example.com" },
    });
    expect(entries[0]!.after.answeredAt).toEqual(expect.any(String));

    // Already answered: the time stays, and nothing changed is nothing logged.
    const again = await mark({ ids: [message._id], answered: true });
    expect(again.json().data[0].answeredAt).toBe(row.answeredAt);
    expect(await logged()).toHaveLength(before + 1);
    // Not answered after all: cleared, logged.
    const undone = await mark({ ids: [message._id], answered: false });
    expect(undone.json().data[0]).toMatchObject({ answeredAt: null, readAt: row.readAt });
    expect(await logged()).toHaveLength(before + 2);
  });

  it("marks the selection read or unread, each changed message logged; opening one is not", async () => {
    const [a, b, c] = [
      await received(t, "sel-a@example.com"),
      await received(t, "sel-b@example.com"),
      await received(t, "sel-c@example.com"),
    ];
    // Opening b marks it read, as before, without a History entry.
    const start = (await logged()).length;
    await t.admin("PATCH", `/api/v1/movies/contacts/${b!._id}/read`, { read: true });
    expect(await logged()).toHaveLength(start);

    const read = await mark({ ids: [a!._id, b!._id, c!._id], read: true });
    expect(read.statusCode).toBe(200);
    // Newest first, all read now; b kept the time it was first opened.
    expect(read.json().data.map((row: { email: string }) => row.email)).toEqual([
      "sel-c@example.com",
      "sel-b@example.com",
      "sel-a@example.com",
    ]);
    expect(read.json().data.every((row: { readAt: string | null }) => row.readAt !== null)).toBe(true);
    const entries = await logged();
    expect(entries).toHaveLength(start + 2);
    expect(
      entries
        .slice(0, 2)
        .map((entry) => entry.recordId)
        .sort(),
    ).toEqual([a!._id, c!._id].sort());

    const unread = await mark({ ids: [a!._id, c!._id], read: false });
    expect(unread.json().data.map((row: { readAt: string | null }) => row.readAt)).toEqual([null, null]);
    expect(await logged()).toHaveLength(start + 4);
    const listed = (await t.admin("GET", "/api/v1/movies/contacts?q=sel-")).json().data;
    expect(listed.map((row: { readAt: string | null }) => row.readAt === null)).toEqual([true, false, true]);
  });

  it("refuses a body without a mark, bad ids and a Viewer; an unknown message is a 404", async () => {
    const message = await received(t, "refused@example.com");
    const cases: [object, string][] = [
      [{ ids: [message._id] }, "Give read or answered"],
      [{ ids: [], read: true }, "ids must not be empty"],
      [{ ids: ["nope"], read: true }, "id must be 24 hexadecimal digits"],
      [{ ids: [message._id], read: "yes" }, "read must be true or false"],
      [{ ids: [message._id], answered: 1 }, "answered must be true or false"],
      [{ ids: [message._id], read: true, star: true }, "Unknown field: star"],
    ];
    for (const [payload, error] of cases) {
      const response = await mark(payload);
      expect(response.statusCode, error).toBe(400);
      expect(response.json().message).toContain(error);
    }
    expect((await mark({ ids: ["0".repeat(24)], read: true })).statusCode).toBe(404);

    await t.createUser("marks-viewer@example.com", "Viewer-pass-1", "admin", {
      level: "viewer",
      sites: null,
    });
    const viewer = await t.login("marks-viewer@example.com", "Viewer-pass-1");
    const refused = await t.as(viewer, {
      method: "PATCH",
      url: "/api/v1/movies/contacts",
      payload: { ids: [message._id], answered: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You can only view this site");
    expect((await details(message._id)).answeredAt).toBeNull();
    // The movies site's inbox only.
    expect(
      (await t.admin("PATCH", "/api/v1/apkw/contacts", { ids: [message._id], read: true })).statusCode,
    ).toBe(404);
  });
});
