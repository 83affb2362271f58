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
