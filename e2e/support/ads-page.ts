import { expect, type Page } from "@playwright/test";

/** Locators and actions of the Manage Ads screen. */
export function adsScreen(page: Page) {
  const main = page.getByRole("main");
  const dialog = page.getByRole("dialog");
  return {
    main,
    dialog,
    card: (name: string) => main.getByRole("article", { name }),
    cards: () => main.locator('[data-slot="ad-card"]'),
    empty: () => main.locator('[data-slot="empty-state"]'),
    openCreate: async () => {
      await main.getByRole("button", { name: "Create New Ad" }).click();
      await expect(dialog.getByRole("heading", { name: "Create New Ad" })).toBeVisible();
    },
    fill: async (values: { page?: string; url?: string; head?: string; body?: string }) => {
      if (values.page !== undefined) await dialog.getByLabel("Ad Page Name *").fill(values.page);
      if (values.url !== undefined) await dialog.getByLabel("Domain URL *").fill(values.url);
      if (values.head !== undefined) await dialog.getByLabel("Script Head").fill(values.head);
      if (values.body !== undefined) await dialog.getByLabel("Script Body").fill(values.body);
    },
  };
}
