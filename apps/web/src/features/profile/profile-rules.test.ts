import { describe, expect, it } from "vitest";
import { canUpdateProfile, passwordRequirements } from "./profile-rules";

describe("Update Profile enabling rule", () => {
  it("needs an at-sign in the email", () => {
    expect(canUpdateProfile("admin", "", "")).toBe(false);
    expect(canUpdateProfile("admin@example.com", "", "")).toBe(true);
  });

  it("a password must match its confirmation and have 8 characters", () => {
    expect(canUpdateProfile("a@b.c", "Abcdefg1", "")).toBe(false);
    expect(canUpdateProfile("a@b.c", "Abcdefg1", "Abcdefg2")).toBe(false);
    expect(canUpdateProfile("a@b.c", "Abc1", "Abc1")).toBe(false);
    expect(canUpdateProfile("a@b.c", "abcdefgh", "abcdefgh")).toBe(true);
  });

  it("a confirmation without a new password keeps the button disabled (defect 3)", () => {
    expect(canUpdateProfile("a@b.c", "", "Abcdefg1")).toBe(false);
    expect(canUpdateProfile("a@b.c", "", "")).toBe(true);
  });
});

describe("password requirements checklist", () => {
  it("reports each rule", () => {
    const met = (p: string) => passwordRequirements(p).map((r) => r.met);
    expect(met("")).toEqual([false, false, false, false]);
    expect(met("abc")).toEqual([false, false, true, false]);
    expect(met("ABC")).toEqual([false, true, false, false]);
    expect(met("Abcdefg1")).toEqual([true, true, true, true]);
  });
});
