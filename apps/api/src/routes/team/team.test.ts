import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { type CapturedMail, startSmtpServer } from "../../../test/smtp.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://office.example" });
  owner = await t.login();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const as = (token: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.as(token, { method, url: `/api/v1/team${url}`, ...(payload ? { payload } : {}) });
const anon = (method: "GET" | "POST", url: string, payload?: object) =>
  t.inject({ method, url: `/api/v1/team${url}`, ...(payload ? { payload } : {}) });

/** The mail's text with quoted-printable soft breaks and escapes undone (no mail parser). */
const textOf = (mail: CapturedMail) =>
  mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const linkIn = (mail: CapturedMail) => {
  const match = textOf(mail).match(/https:\/\/office\.example\/invitation\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no invitation link in:\n${mail.raw}`);
  return match[1]!;
};
const seen = new Map<string, number>();
/** Invites `email` and returns the invitation's id and the token of the link mailed to them. */
async function invite(email: string, level = "editor", sites: string[] | null = ["sportbn"]) {
  const response = await as(owner, "POST", "/invitations", { email, level, sites });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data._id as string, token: await nextLink(email) };
}
async function nextLink(email: string) {
  const count = seen.get(email) ?? 0;
  seen.set(email, count + 1);
  return linkIn(await smtp.waitFor(email, count));
}
const memberRow = async (email: string) =>
  ((await as(owner, "GET", "/")).json().data as { _id: string; email: string }[]).find(
    (row) => row.email === email,
  );
/** A member made through an invitation, with their password. */
async function join(email: string, level = "editor", sites: string[] | null = ["sportbn"]) {
  const { token } = await invite(email, level, sites);
  const accepted = await anon("POST", `/invitations/${token}/accept`, { password: "Member-pass-1" });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return (await memberRow(email)) as { _id: string };
}

describe("invitations", () => {
  it("invite → mail with the link → the link's page → accept → the member signs in with their level and sites", async () => {
    const answer = await as(owner, "POST", "/invitations", {
      email: "ed@example.com",
      level: "editor",
      sites: ["sportbn"],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      data: {
        email: "ed@example.com",
        level: "editor",
        sites: ["sportbn"],
        status: "invited",
        secondFactor: false,
      },
      message: "An invitation was sent to ed@example.com.",
    });
    const token = await nextLink("ed@example.com");
    expect((await anon("GET", `/invitations/${token}`)).json()).toEqual({
      status: "success",
      data: { state: "valid", email: "ed@example.com" },
    });

    const short = await anon("POST", `/invitations/${token}/accept`, { password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: "password" });

    const accepted = await anon("POST", `/invitations/${token}/accept`, { password: "Editor-pass-9" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      data: { user: { email: "ed@example.com", role: "admin" }, token: expect.any(String) },
      message: "Welcome to the team.",
    });
    // Signed in at once, and again with the password chosen.
    const session = accepted.json().data.token as string;
    expect(
      (
        await t.inject({
          method: "GET",
          url: "/api/v1/csrf",
          headers: { authorization: `Bearer ${session}` },
        })
      ).statusCode,
    ).toBe(200);
    const signedIn = await t.login("ed@example.com", "Editor-pass-9");
    expect(await memberRow("ed@example.com")).toMatchObject({
      level: "editor",
      sites: ["sportbn"],
      status: "active",
      lastSignInAt: expect.any(String),
      expiresAt: null,
    });
    // Their sites only (the access rule of docs/PRODUCT-RULES.md#team-and-access).
    const own = await t.as(signedIn, { method: "GET", url: "/api/v1/sportbn/history" });
    const other = await t.as(signedIn, { method: "GET", url: "/api/v1/apkw/history" });
    expect(own.statusCode).toBe(200);
    expect(other.statusCode).toBe(403);

    // The link worked once.
    expect((await anon("GET", `/invitations/${token}`)).json().data).toEqual({ state: "used", email: null });
    const again = await anon("POST", `/invitations/${token}/accept`, { password: "Editor-pass-9" });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      "This invitation was already used. Sign in with your email and password.",
    );
  });

  it("an expired link (72 hours) says so and creates nothing", async () => {
    const { id, token } = await invite("late@example.com");
    await t.app.db.query("update invitations set expires_at = now() - interval '1 minute' where id = $1", [
      id,
    ]);
    expect((await anon("GET", `/invitations/${token}`)).json().data).toEqual({
      state: "expired",
      email: null,
    });
    const accept = await anon("POST", `/invitations/${token}/accept`, { password: "Late-pass-12" });
    expect(accept.statusCode).toBe(410);
    expect(accept.json().message).toBe(
      "This invitation has expired. Ask an Owner of the team to send a new one.",
    );
    expect(await memberRow("late@example.com")).toMatchObject({ status: "invited" });
    const [row] = await t.app.db.query<{ hours: number }>(
      "select round(extract(epoch from (expires_at - created_at)) / 3600)::int as hours from invitations where email = 'ed@example.com'",
    );
    expect(row!.hours).toBe(72);
  });

  it("revoke kills the link; resend gives a new link and kills the old one", async () => {
    const revoked = await invite("gone@example.com");
    const revoke = await as(owner, "DELETE", `/invitations/${revoked.id}`);
    expect(revoke.json().message).toBe("The invitation to gone@example.com was revoked.");
    expect((await anon("GET", `/invitations/${revoked.token}`)).json().data.state).toBe("revoked");
    expect(
      (await anon("POST", `/invitations/${revoked.token}/accept`, { password: "Gone-pass-12" })).statusCode,
    ).toBe(410);
    expect(await memberRow("gone@example.com")).toBeUndefined();

    const first = await invite("again@example.com");
    const resend = await as(owner, "POST", `/invitations/${first.id}/resend`);
    expect(resend.json().message).toBe(
      "A new invitation was sent to again@example.com; the previous link no longer works.",
    );
    const second = await nextLink("again@example.com");
    expect(second).not.toBe(first.token);
    const old = await anon("GET", `/invitations/${first.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(
      "This invitation link is not valid. Ask an Owner of the team for a new one.",
    );
    expect((await anon("GET", `/invitations/${second}`)).json().data.state).toBe("valid");
  });

  it("refuses an existing member, a malformed address and a non-Owner without a site, naming the field", async () => {
    const existing = await as(owner, "POST", "/invitations", {
      email: "ADMIN@example.com",
      level: "viewer",
      sites: null,
    });
    expect(existing.statusCode).toBe(400);
    expect(existing.json().errors).toEqual([
      { path: "email", message: "email must be an address that is not a member yet", code: "taken" },
    ]);
    const malformed = await as(owner, "POST", "/invitations", {
      email: "not-an-address",
      level: "viewer",
      sites: null,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe("email");
    const noSite = await as(owner, "POST", "/invitations", {
      email: "x@example.com",
      level: "viewer",
      sites: [],
    });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().errors[0]).toMatchObject({
      path: "sites",
      message: "sites must include at least one site",
    });
    // An Owner has every site whatever was chosen.
    const ownerInvite = await as(owner, "POST", "/invitations", {
      email: "o@example.com",
      level: "owner",
      sites: [],
    });
    expect(ownerInvite.json().data.sites).toBeNull();
    const tampered = await anon("GET", `/invitations/${"A".repeat(43)}`);
    expect(tampered.statusCode).toBe(404);
  });
});

describe("members", () => {
  it("the last active Owner cannot be demoted, disabled or removed (409)", async () => {
    const admin = (await memberRow(ADMIN.email)) as { _id: string };
    // o@example.com's invitation is not a member yet: the admin is the only Owner.
    const message =
      "The team needs at least one active Owner: make another member an Owner before demoting, disabling or removing this one.";
    for (const response of [
      await as(owner, "PATCH", `/members/${admin._id}`, { level: "editor", sites: null }),
      await as(owner, "POST", `/members/${admin._id}/disable`),
      await as(owner, "DELETE", `/members/${admin._id}`),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
    }
    // With a second active Owner the first may step down.
    const second = await join("second.owner@example.com", "owner", null);
    const demote = await as(owner, "PATCH", `/members/${second._id}`, { level: "viewer", sites: ["movies"] });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(demote.json().data).toMatchObject({ level: "viewer", sites: ["movies"] });
  });

  it("disable ends the member's sessions at once and refuses their sign-in; enable lets them back", async () => {
    const member = await join("dis@example.com");
    const token = await t.login("dis@example.com", "Member-pass-1");
    const disable = await as(owner, "POST", `/members/${member._id}/disable`);
    expect(disable.json().message).toBe("dis@example.com is disabled and signed out everywhere.");
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/csrf", headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
    const refused = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "dis@example.com", password: "Member-pass-1" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Your account is disabled. Ask an Owner of your team to enable it.");
    expect(await memberRow("dis@example.com")).toMatchObject({ status: "disabled" });
    await as(owner, "POST", `/members/${member._id}/enable`);
    expect(await t.login("dis@example.com", "Member-pass-1")).toEqual(expect.any(String));
  });

  it("says whose second factor is on (users.totp_enabled_at)", async () => {
    await join("two@example.com");
    expect(await memberRow("two@example.com")).toMatchObject({ secondFactor: false });
    await t.app.db.query("update users set totp_enabled_at = now() where email = 'two@example.com'");
    expect(await memberRow("two@example.com")).toMatchObject({ secondFactor: true });
  });

  it("signs out every session of a member", async () => {
    const member = await join("out@example.com");
    const tokens = [
      await t.login("out@example.com", "Member-pass-1"),
      await t.login("out@example.com", "Member-pass-1"),
    ];
    const answer = await as(owner, "POST", `/members/${member._id}/sign-out`);
    // The session of the acceptance and the two sign-ins.
    expect(answer.json().message).toBe("out@example.com was signed out of 3 sessions.");
    for (const token of tokens)
      expect(
        (
          await t.inject({
            method: "GET",
            url: "/api/v1/csrf",
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(401);
  });

  it("remove deletes the member; History keeps their email and names the acting Owner", async () => {
    const member = await join("leaver@example.com");
    await t.login("leaver@example.com", "Member-pass-1");
    const removed = await as(owner, "DELETE", `/members/${member._id}`);
    expect(removed.json().message).toBe("leaver@example.com was removed from the team.");
    expect(await memberRow("leaver@example.com")).toBeUndefined();
    const signIns = await t.as(owner, {
      method: "GET",
      url: "/api/v1/apkw/history?resource=session&admin=leaver@example.com",
    });
    expect(signIns.json().data.length).toBeGreaterThan(0);
    const team = await t.as(owner, { method: "GET", url: `/api/v1/apkw/history/team/${member._id}` });
    const entries = team.json().data as { admin: string; action: string; before: object; after: object }[];
    expect(entries.map((entry) => [entry.action, entry.admin])).toEqual([
      ["delete", ADMIN.email],
      ["create", "leaver@example.com"],
    ]);
    expect(entries[0]!.before).toMatchObject({ email: "leaver@example.com", level: "editor" });
  });

  it("is for Owners only: an Editor gets 403 with the rule", async () => {
    await join("not.owner@example.com", "editor", null);
    const editor = await t.login("not.owner@example.com", "Member-pass-1");
    const list = await t.as(editor, { method: "GET", url: "/api/v1/team" });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe("Only an Owner can manage the team");
    const invite = await t.as(editor, {
      method: "POST",
      url: "/api/v1/team/invitations",
      payload: { email: "z@example.com", level: "owner", sites: null },
    });
    expect(invite.statusCode).toBe(403);
  });

  it("an invite retried with its Idempotency-Key is answered again and invites once", async () => {
    const send = () =>
      t.as(owner, {
        method: "POST",
        url: "/api/v1/team/invitations",
        headers: { "idempotency-key": "invite-retried-1" },
        payload: { email: "retried@example.com", level: "viewer", sites: ["movies"] },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    await nextLink("retried@example.com");
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data._id).toBe(first.json().data._id);
    const list = (await as(owner, "GET", "")).json().data;
    expect(JSON.stringify(list).match(/retried@example\.com/g)).toHaveLength(1);
  });
});

// Last: it stops the SMTP server.
describe("a mail that cannot be sent", () => {
  it("keeps the invitation, says so (502), and Resend tries again", async () => {
    await smtp.close();
    const answer = await as(owner, "POST", "/invitations", {
      email: "nomail@example.com",
      level: "viewer",
      sites: null,
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toBe(
      "The invitation is saved, but its mail could not be sent. Check the mail settings, then resend it.",
    );
    expect(await memberRow("nomail@example.com")).toMatchObject({ status: "invited", sites: null });
  });
});
