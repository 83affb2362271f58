import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../lib/format"; // relative: the unit test project has no "@" alias
import { adFormSchema, adToForm, emptyAdForm, toAdPayload } from "./ad-form";

describe("adFormSchema", () => {
  it("needs a page name and a URL, named at their fields", () => {
    const issues = (values: Parameters<typeof adFormSchema.safeParse>[0]) =>
      adFormSchema
        .safeParse(values)
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues(emptyAdForm())).toEqual(["page: page is required", "url: url is required"]);
    expect(issues({ ...emptyAdForm("  "), url: "  " })).toEqual([
      "page: page is required",
      "url: url is required",
    ]);
    expect(adFormSchema.parse({ ...emptyAdForm(" home "), url: " https://a.example " })).toMatchObject({
      page: "home",
      url: "https://a.example",
    });
  });
});

describe("toAdPayload", () => {
  it("trims page and URL and sends empty scripts as the text null", () => {
    expect(
      toAdPayload({ page: " home ", url: " https://a.example ", head: "", body: "  ", isActive: false }),
    ).toEqual({
      page: "home",
      url: "https://a.example",
      head: "null",
      body: "null",
      isActive: false,
    });
  });

  it("keeps scripts exactly as typed", () => {
    const head = "  <script>alert(1)</script>\n";
    expect(
      toAdPayload({ page: "p", url: "https://a.example", head, body: "x", isActive: true }),
    ).toMatchObject({
      head,
      body: "x",
      isActive: true,
    });
  });
});

describe("adToForm", () => {
  it("turns stored null scripts into empty fields", () => {
    expect(
      adToForm({
        _id: "a",
        page: "home",
        url: "https://a.example",
        head: null,
        body: "<b>x</b>",
        isActive: true,
        startsAt: null,
        endsAt: null,
        createdAt: "",
        updatedAt: "",
      }),
    ).toEqual({ page: "home", url: "https://a.example", head: "", body: "<b>x</b>", isActive: true });
  });
});

describe("formatDateTime", () => {
  it("shows dd/mm/yyyy HH:mm", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 7, 3))).toBe("05/01/2025 07:03");
  });
  it("shows a dash for a date it cannot read", () => {
    expect(formatDateTime("nope")).toBe("-");
  });
});
