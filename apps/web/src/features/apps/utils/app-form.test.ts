import { APP_MESSAGES, type App } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import {
  type AppFormValues,
  appToForm,
  checkAppForm,
  emptyAppForm,
  issuesToFields,
  matchesSearch,
  REQUIRED_FORM_FIELDS,
  toAppPayload,
  toFieldErrors,
} from "./app-form";
import { appMessages } from "./app-messages";

const valid: AppFormValues = {
  ...emptyAppForm(),
  title: " Photo Editor Pro ",
  type: "Photography",
  icon_app: "https://cdn.example/icon.png",
  bg_app: "https://cdn.example/bg.png",
  content: "Edit photos.",
  rating: "4.5",
  size: "45 MB",
  download: "1M+",
  developer: "Pixel Labs",
  category: "apps",
  trending: true,
  supportedDevices: ["https://devices.example/android", "https://devices.example/ios"],
};

describe("checkAppForm", () => {
  it("accepts a complete app and builds the wire payload", () => {
    const checked = checkAppForm(valid);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(toAppPayload(checked.app)).toEqual({
      title: "Photo Editor Pro",
      type: "Photography",
      icon_app: "https://cdn.example/icon.png",
      bg_app: "https://cdn.example/bg.png",
      content: "Edit photos.",
      rating: 4.5,
      size: "45 MB",
      download: "1M+",
      developer: "Pixel Labs",
      category: "apps",
      trending: "true",
      slider: "false",
      isFirst: "false",
      "supportedDevices[]": ["https://devices.example/android", "https://devices.example/ios"],
      it: "",
      key: "",
      trendingStartsAt: null,
      trendingEndsAt: null,
      sliderStartsAt: null,
      sliderEndsAt: null,
    });
  });

  it("names every missing field with the one required message", () => {
    const checked = checkAppForm(emptyAppForm());
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    for (const field of REQUIRED_FORM_FIELDS) {
      expect(checked.fields[field], field).toBe(APP_MESSAGES.required);
    }
    expect(checked.fields.it).toBeUndefined();
  });

  it("refuses a rating of 0 as missing and out-of-range or off-step ratings, the rule said whole", () => {
    const fields = (rating: string) => {
      const checked = checkAppForm({ ...valid, rating });
      return checked.ok ? {} : checked.fields;
    };
    expect(fields("0").rating).toBe(APP_MESSAGES.required);
    for (const rating of ["10.5", "4.55", "-1", "abc"])
      expect(fields(rating).rating, rating).toBe("Enter a number between 0 and 10 in steps of 0.1.");
    expect(appMessages.rating).toBe("Enter a number between 0 and 10 in steps of 0.1.");
    expect(fields("10").rating).toBeUndefined();
  });

  it("wants it and key together", () => {
    const only = (values: Partial<AppFormValues>) => {
      const checked = checkAppForm({ ...valid, ...values });
      return checked.ok ? {} : checked.fields;
    };
    expect(only({ it: "locker-1" }).key).toBe(APP_MESSAGES.keyMissing);
    expect(only({ key: "abc" }).it).toBe(APP_MESSAGES.itMissing);
    expect(checkAppForm({ ...valid, it: "locker-1", key: "abc" }).ok).toBe(true);
  });

  it("puts URL messages on the field that holds the bad URL, in words for the code invalid_url", () => {
    const checked = checkAppForm({ ...valid, icon_app: "ftp://x", supportedDevices: ["", "not a url"] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields.icon_app).toBe("Enter a web address starting with http:// or https://");
    expect(checked.fields["supportedDevices.1"]).toBe(
      "Enter a web address starting with http:// or https://",
    );
    expect(checked.fields["supportedDevices.0"]).toBeUndefined();
  });

  it("maps a server answer's issues and nests device errors for react-hook-form", () => {
    const fields = issuesToFields(
      [
        { path: "supportedDevices", message: APP_MESSAGES.required },
        { path: "key", message: APP_MESSAGES.keyMissing },
      ],
      { ...valid, supportedDevices: ["https://a.example", ""] },
    );
    expect(fields).toEqual({ "supportedDevices.1": APP_MESSAGES.required, key: APP_MESSAGES.keyMissing });
    const errors = toFieldErrors(fields);
    expect(errors.supportedDevices?.[1]?.message).toBe(APP_MESSAGES.required);
    expect(errors.key?.message).toBe(APP_MESSAGES.keyMissing);
  });
});

const app: App = {
  _id: "0123456789abcdef01234567",
  title: "Galaxy Racer",
  type: "Racing",
  icon_app: "https://cdn.example/i.png",
  bg_app: "https://cdn.example/b.png",
  content: "Fast.",
  rating: 4.2,
  size: "120 MB",
  download: "5M+",
  developer: "Nebula Games",
  category: "games",
  trending: false,
  trendingStartsAt: null,
  trendingEndsAt: null,
  slider: true,
  sliderStartsAt: "2026-11-28T11:00:00.000Z",
  sliderEndsAt: null,
  supportedDevices: ["https://d.example/a", "https://d.example/b"],
  isFirst: true,
  it: null,
  key: null,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
};

describe("appToForm and matchesSearch", () => {
  it("round-trips an app through the form, its flags' windows in the site's time zone", () => {
    const form = appToForm(app, "Asia/Tokyo");
    expect(form.sliderStartsAt).toEqual({ day: "28/11/2026", time: "20:00" });
    expect(form.trendingStartsAt).toEqual({ day: "", time: "" });
    const checked = checkAppForm(form, "Asia/Tokyo");
    expect(checked.ok && checked.app).toMatchObject({
      sliderStartsAt: app.sliderStartsAt,
      sliderEndsAt: null,
      trendingStartsAt: null,
    });
  });

  it("refuses a flag's window ending before it starts, at its end", () => {
    const form = {
      ...appToForm(app, "UTC"),
      trendingStartsAt: { day: "28/11/2026", time: "20:00" },
      trendingEndsAt: { day: "28/11/2026", time: "19:00" },
    };
    expect(checkAppForm(form, "UTC")).toEqual({
      ok: false,
      fields: { trendingEndsAt: "Choose an end after the start." },
    });
  });

  it("searches title, developer and type", () => {
    expect(matchesSearch(app, "galaxy")).toBe(true);
    expect(matchesSearch(app, "NEBULA")).toBe(true);
    expect(matchesSearch(app, "racing")).toBe(true);
    expect(matchesSearch(app, "  ")).toBe(true);
    expect(matchesSearch(app, "puzzle")).toBe(false);
  });
});
