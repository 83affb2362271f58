import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../lib/format"; // relative: the unit test project has no "@" alias
import { adFormSchema, adToForm, emptyAdForm, toAdPayload } from "./ad-form";

const issues = (values: Parameters<typeof adFormSchema.safeParse>[0]) =>
  adFormSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ??
  [];

describe("adFormSchema", () => {
  it("needs a page name and a URL, named at their fields", () => {
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
      toAdPayload({ ...emptyAdForm(" home "), url: " https://a.example ", head: "", body: "  " }, "UTC"),
    ).toEqual({
      page: "home",
      url: "https://a.example",
      head: "null",
      body: "null",
      isActive: false,
      startsAt: null,
      endsAt: null,
    });
  });

  it("keeps scripts exactly as typed", () => {
    const head = "  <script>alert(1)</script>\n";
    expect(
      toAdPayload({ ...emptyAdForm("p"), url: "https://a.example", head, body: "x", isActive: true }, "UTC"),
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
      adToForm(
        {
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
        },
        "UTC",
      ),
    ).toEqual({ ...emptyAdForm("home"), url: "https://a.example", body: "<b>x</b>", isActive: true });
  });

  it("shows a window in the site's time zone and sends it back as the same instants", () => {
    const ad = {
      _id: "a",
      page: "home",
      url: "https://a.example",
      head: null,
      body: null,
      isActive: true,
      startsAt: "2026-11-28T11:00:00.000Z",
      endsAt: "2026-11-28T14:00:00.000Z",
      createdAt: "",
      updatedAt: "",
    };
    const form = adToForm(ad, "Asia/Tokyo");
    expect(form).toMatchObject({
      startsAt: { day: "28/11/2026", time: "20:00" },
      endsAt: { day: "28/11/2026", time: "23:00" },
    });
    expect(toAdPayload(form, "Asia/Tokyo")).toMatchObject({ startsAt: ad.startsAt, endsAt: ad.endsAt });
  });

  it("refuses a half-typed end, a day or time not as shown, and an end before its start, at the field", () => {
    const at = (startsAt: object, endsAt: object) =>
      issues({ ...emptyAdForm("home"), url: "https://a.example", startsAt, endsAt } as never);
    expect(at({ day: "28/11/2026", time: "" }, { day: "", time: "" })).toEqual([
      "startsAt: Enter both the date and the time, or neither.",
    ]);
    expect(at({ day: "11/28/2026", time: "20:00" }, { day: "", time: "" })).toEqual([
      "startsAt: Enter the date as dd/mm/yyyy",
    ]);
    expect(at({ day: "", time: "" }, { day: "28/11/2026", time: "8pm" })).toEqual([
      "endsAt: Enter the time as HH:mm (24-hour clock)",
    ]);
    expect(at({ day: "28/11/2026", time: "20:00" }, { day: "28/11/2026", time: "19:59" })).toEqual([
      "endsAt: Choose an end after the start.",
    ]);
    expect(at({ day: "28/11/2026", time: "20:00" }, { day: "29/11/2026", time: "1:00" })).toEqual([]);
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
