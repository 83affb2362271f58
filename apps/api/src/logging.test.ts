import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helpers.ts";
import { codeIn, startSmtpServer } from "../test/smtp.ts";

const logLines: string[] = [];
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { logLines });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("logs requests with ids but never passwords, codes or tokens", async () => {
  await t.createUser("logged@example.com", "Logged-pass-1");
  const token = await t.login("logged@example.com", "Logged-pass-1");
  const csrf = await t.csrf(token);
  await t.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: "logged@example.com", password: "Wrong-secret-9" },
  });
  await t.inject({ method: "POST", url: "/api/v1/auth/get-otp", payload: { email: "logged@example.com" } });
  const code = codeIn(await smtp.waitFor("logged@example.com"));
  await t.inject({
    method: "POST",
    url: "/api/v1/auth/verify-otp",
    payload: { email: "logged@example.com", otp: code },
  });
  await t.inject({
    method: "POST",
    url: "/api/v1/auth/forgot-password",
    payload: { email: "logged@example.com", otp: code, password: "Reset-secret-7" },
  });
  // A token in the query string (some clients send one) is logged redacted.
  await t.inject({ method: "GET", url: `/api/v1/csrf?access_token=${token}&page=2` });
  const log = logLines.join("\n");
  expect(log).toContain("access_token=%5Bredacted%5D&page=2");
  expect(logLines.some((line) => /"reqId":"[0-9a-f-]{36}"/.test(line))).toBe(true);
  for (const secret of ["Logged-pass-1", "Wrong-secret-9", "Reset-secret-7", code, token, csrf]) {
    expect(log).not.toContain(secret);
  }
  // Each security event is one line with the user and the address.
  const events = logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.event);
  for (const event of ["sign-in", "sign-in failed", "reset code requested", "password reset"]) {
    const entry = events.find((e) => e.event === event);
    expect(entry, event).toBeDefined();
    expect(entry!.userId, event).toEqual(expect.any(String));
    expect(entry!.address, event).toBe("127.0.0.1");
  }
});
