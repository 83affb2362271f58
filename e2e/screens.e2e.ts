import { captureScreen, expect, test } from "./fixtures";

/** Screens later issues fill in: each shows a proper placeholder inside the shell. */
const placeholders = [
  { path: "/apkw/apps", name: "apkw-apps", heading: "Apps & Games" },
  { path: "/apkw/ads", name: "apkw-ads", heading: "Manage Ads" },
  { path: "/apkw/emails", name: "apkw-emails", heading: "Manage Emails" },
  { path: "/sportbn/matches", name: "sportbn-matches", heading: "Manage Matches" },
  { path: "/sportbn/fetch-matches", name: "sportbn-fetch-matches", heading: "Fetch Matches" },
  { path: "/sportbn/servers", name: "sportbn-servers", heading: "Other Servers" },
  { path: "/sportbn/locker", name: "sportbn-locker", heading: "Manage Locker" },
  { path: "/movies/list", name: "movies-list", heading: "Movies & TV List" },
  { path: "/movies/import", name: "movies-import", heading: "Import Movies & TV" },
  { path: "/movies/ads/home", name: "movies-ads", heading: "Manage Ads" },
  { path: "/movies/emails", name: "movies-contacts", heading: "Manage Contacts" },
];

for (const { path, name, heading } of placeholders) {
  test(`${path} shows its placeholder inside the shell`, async ({ page, signIn }) => {
    await signIn(path);
    await captureScreen(page, name, async (p) => {
      await expect(p.getByRole("main").getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(p.getByText("This screen is coming soon")).toBeVisible();
    });
    await expect(page).toHaveTitle(new RegExp(heading.replace(/[&]/g, "&")));
  });
}
