import { describe, expect, it } from "vitest";
import { sourceOf } from "../../../lib/format";
import { emailMessages } from "./email-texts";

describe("emails helpers", () => {
  it("words the bulk confirmation with the count", () => {
    expect(emailMessages.confirmBulkDelete(3)).toBe("Are you sure you want to delete 3 emails?");
    // One reads in the singular.
    expect(emailMessages.confirmBulkDelete(1)).toBe("Are you sure you want to delete 1 email?");
    expect(emailMessages.copied("a@b.example").description).toBe("Email a@b.example copied to clipboard");
  });
});

describe("sourceOf", () => {
  it("is the host of the source URL", () => {
    expect(sourceOf("https://www.sportbn.example/match/12?x=1")).toBe("www.sportbn.example");
    expect(sourceOf("http://127.0.0.1:8080/a")).toBe("127.0.0.1:8080");
  });
  it("is a dash without a URL and the text itself when it is not one", () => {
    expect(sourceOf(null)).toBe("-");
    expect(sourceOf("")).toBe("-");
    expect(sourceOf("not a url")).toBe("not a url");
  });
});
