import { describe, expect, it } from "vitest";
import { mailtoOf, quotedOriginal, replySubject } from "./reply";

describe("Reply's prefilled texts", () => {
  it("prefixes the subject with Re: once, and names an empty one", () => {
    expect(replySubject("Broken player")).toBe("Re: Broken player");
    expect(replySubject("RE: Broken player")).toBe("RE: Broken player");
    expect(replySubject("  ")).toBe("Re: your message");
  });

  it("quotes the original line by line under who wrote it and when, with room to answer below", () => {
    const text = quotedOriginal({
      email: "ada@example.com",
      message: "It stops.\n\nEvery time.",
      createdAt: "2026-03-04T10:00:00.000Z",
    });
    // The reply is written under it, where the caret starts.
    expect(text).toBe("On 04/03/2026, ada@example.com wrote:\n> It stops.\n>\n> Every time.\n\n");
  });

  it("builds a mailto: link with the address, subject and body encoded", () => {
    expect(mailtoOf("ada+x@example.com", "Re: A & B", "Hi\n> q?")).toBe(
      "mailto:ada%2Bx@example.com?subject=Re%3A%20A%20%26%20B&body=Hi%0A%3E%20q%3F",
    );
  });
});
