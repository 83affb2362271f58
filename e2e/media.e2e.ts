import sharp from "sharp";
import { apiLogin, expect, test, users } from "./fixtures";
import { createApp, sampleApp } from "./support/apps";
import { baseUrl } from "./support/env";

// The media library's journey (docs/MEDIA.md): an app's icon uploaded by drag and drop in the image
// picker, then served under /media/ and given as it is by the public read. The rules of uploads are
// API tests (apps/api/src/routes/media/); the screen's states are media-screen.test.tsx.
test.describe.configure({ timeout: 120_000 });

test("an app icon dropped on the image picker is stored, saved and shown by the public read", async ({
  page,
  signIn,
}) => {
  const admin = await apiLogin(users.admin);
  const title = `Media Journey ${Date.now()}`;
  await createApp(admin.token, sampleApp(title));
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();

  await signIn("/apkw/apps");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const form = page.getByRole("dialog", { name: "Edit App" });
  await form.getByRole("button", { name: "Choose image for Icon URL" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an image" });
  await expect(picker).toBeVisible();

  // A file dropped on the picker, as a browser hands it over from the desktop.
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "journey-icon.png", { type: "image/png" }));
      return transfer;
    },
    [...png],
  );
  await picker
    .getByRole("region", { name: "Drop images here to upload them" })
    .dispatchEvent("drop", { dataTransfer });
  await expect(picker).toBeHidden();
  const icon = form.getByLabel("Icon URL *", { exact: true });
  await expect(icon).toHaveValue(/\/media\/[0-9a-f]{64}\.png$/);
  const url = await icon.inputValue();

  await form.getByRole("button", { name: "Update App" }).click();
  await expect(form).toBeHidden();

  const read = await (await fetch(`${baseUrl()}/api/v1/public/apkw/apps`)).json();
  const app = (read.data as { title: string; icon_app: string }[]).find((one) => one.title === title);
  expect(app?.icon_app).toBe(url);
  const served = await fetch(url);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});
