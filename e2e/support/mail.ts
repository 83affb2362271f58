import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mailDir } from "./env";

export type CapturedMail = { to: string[]; receivedAt: number; raw: string };

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The readable text of a raw message: headers dropped, base64 and quoted-printable parts decoded. */
export function mailText(raw: string): string {
  const parts: string[] = [];
  // Each MIME part (or the single body) is headers, a blank line, then content.
  const sections = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const section of sections) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    const body = section.slice(split).trim();
    if (/content-transfer-encoding:\s*base64/i.test(headers)) {
      parts.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
      parts.push(decodeQuotedPrintable(body));
    } else if (!/^content-type:\s*multipart/im.test(headers)) {
      parts.push(body);
    }
  }
  return parts.join("\n");
}

/** The 6-digit code of a reset message. */
export function extractOtp(raw: string): string | null {
  const text = mailText(raw);
  const near = text.match(/code[^0-9]{0,80}(\d{6})(?!\d)/i);
  if (near?.[1]) return near[1];
  return text.match(/(?<!\d)(\d{6})(?!\d)/)?.[1] ?? null;
}

export function readMails(): CapturedMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const meta = JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string[]; receivedAt: number };
      return { ...meta, raw: readFileSync(join(dir, f.replace(/\.json$/, ".eml")), "utf8") };
    });
}

/** Waits for a message to `to` received after `since` (epoch ms) and returns it. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<CapturedMail> {
  const started = Date.now();
  const address = to.toLowerCase();
  while (Date.now() - started < timeoutMs) {
    const found = readMails()
      .filter((m) => m.receivedAt >= since && m.to.includes(address))
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** Waits for the reset message to `to` and returns its code. */
export async function waitForOtp(to: string, since: number): Promise<string> {
  const mail = await waitForMail(to, since);
  const code = extractOtp(mail.raw);
  if (!code) throw new Error(`no 6-digit code in the mail to ${to}:\n${mail.raw}`);
  return code;
}
