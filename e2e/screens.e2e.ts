import { expect, test } from "./fixtures";

/**
 * Each site screen opens inside the shell (a placeholder until its own issue fills it). The
 * screens' own specs take their screenshots and run axe; this checks the shell around them.
 */
const screens = [
  { path: "/apkw/apps", label: "Apps & Games" },
  { path: "/apkw/ads", label: "Manage Ads" },
  { path: "/apkw/emails", label: "Manage Emails" },
  { path: "/sportbn/matches", label: "Manage Matches" },
  { path: "/sportbn/fetch-matches", label: "Fetch Matches" },
  { path: "/sportbn/servers", label: "Other Servers" },
  { path: "/sportbn/locker", label: "Manage Locker" },
  { path: "/movies/list", label: "Movies & TV List" },
  { path: "/movies/import", label: "Import Movies & TV" },
  { path: "/movies/ads/home", label: "Manage Ads" },
  { path: "/movies/locker", label: "Manage Locker" },
  { path: "/movies/emails", label: "Manage Contacts" },
];

for (const { path, label } of screens) {
  test(`${path} opens inside the shell`, async ({ page, signIn }) => {
    await signIn(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(
      page.locator("#app-sidebar").getByRole("link", { name: label, exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(new RegExp(`^${label} · `));
  });
}
