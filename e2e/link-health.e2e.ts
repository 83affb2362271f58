import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { adminApi } from "./support/site-data";

const logo = (name: string) => `https://media.example/${name}.png`;

test("Other Servers: Check links probes the sandbox's streams and each link says its health", async ({
  page,
  signIn,
}) => {
  const sandbox = process.env.E2E_SANDBOX_URL!;
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.matches.clear();
  const match = await api.matches.create({
    league_name: "Premier League",
    league_logo: logo("pl"),
    homeTeam_name: "Arsenal",
    homeTeam_logo: logo("arsenal"),
    awayTeam_name: "Chelsea",
    awayTeam_logo: logo("chelsea"),
    date: "2026-12-20",
    time: "20:00",
    end_time: "23:59",
    isFirst: "false",
    matchUrl: `${sandbox}/streams/ok`,
  });
  for (const [name, path] of [
    ["Backup", "/streams/redirect"],
    ["Broken", "/streams/error"],
  ]) {
    await api.call("POST", "/sportbn/other-servers", { match_id: match._id, name, url: `${sandbox}${path}` });
  }
  await signIn("/sportbn/servers");
  const card = page.getByRole("article", { name: "Arsenal vs Chelsea" });
  // Before any check: not "0 of 3 links OK", which would read as three failures.
  await expect(card.locator("[data-slot=links-summary]")).toHaveText("Not checked yet");
  await expect(card.locator("[data-slot=link-health][data-state=unchecked]")).toHaveCount(3);
  await card.getByRole("button", { name: "Check links of Arsenal vs Chelsea" }).click();
  await expect(toastWith(page, "Links checked")).toBeVisible();
  await expect(card.getByText("2 of 3 links OK")).toBeVisible();
  await expect(card.getByText(/^Failing since \d\d\/\d\d\/\d{4} \d\d:\d\d \(500\)/)).toBeVisible();
  await captureScreen(page, "other-servers-link-health", async (p) => {
    await expect(
      p.getByRole("article", { name: "Arsenal vs Chelsea" }).getByText("2 of 3 links OK"),
    ).toBeVisible();
  });
  await page.goto("/sportbn/matches");
  await expect(page.getByText("2 of 3 links OK")).toBeVisible();
  await captureScreen(page, "matches-link-health", async (p) => {
    await expect(p.getByText("2 of 3 links OK")).toBeVisible();
  });
});
