import Fastify from "fastify";
import { expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

it("without SMTP prints the mail framed for a person, and logs only to whom", async () => {
  const logLines: string[] = [];
  const printed: string[] = [];
  const { log } = Fastify({ logger: { stream: { write: (line: string) => void logLines.push(line) } } });
  const mailer = createMailer({ from: "backoffice@example.com", log, print: (text) => printed.push(text) });
  await mailer.send({
    to: "ann@example.com",
    subject: "Your password reset code",
    text: "Your code is 123456.",
  });
  const block = printed.join("");
  expect(block).toContain("│ Mail to ann@example.com (not sent: SMTP_URL is not set) │");
  expect(block).toMatch(/│ Subject: Your password reset code +│/);
  expect(block).toMatch(/│ Your code is 123456\. +│/);
  expect(logLines).toHaveLength(1);
  expect(JSON.parse(logLines[0]!)).toMatchObject({
    to: "ann@example.com",
    subject: "Your password reset code",
  });
  expect(logLines[0]).not.toContain("123456");
});
