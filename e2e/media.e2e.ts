import { crc32, deflateSync } from "node:zlib";
import { apiLogin, expect, test, users } from "./fixtures";
import { createApp, sampleApp } from "./support/apps";
import { baseUrl } from "./support/env";

// The media library's journey (docs/MEDIA.md): an app's icon uploaded by drag and drop in the image
// picker, then served under /media/ and given as it is by the public read. The rules of uploads are
// API tests (apps/api/src/routes/media/); the screen's states are media-screen.test.tsx.
test.describe.configure({ timeout: 120_000 });

/** A real PNG of `size` × `size` pixels of one colour, written by hand (signature, IHDR, IDAT, IEND). */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("an app icon dropped on the image picker is stored, saved and shown by the public read", async ({
  page,
  signIn,
}) => {
  const admin = await apiLogin(users.admin);
  const title = `Media Journey ${Date.now()}`;
  await createApp(admin.token, sampleApp(title));
  // Its colour from the clock: bytes no earlier run uploaded, so the answer is a new image.
  const icon = png(256, [Date.now() % 256, 165, 233]);

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
    [...icon],
  );
  await picker
    .getByRole("region", { name: "Drop images here to upload them" })
    .dispatchEvent("drop", { dataTransfer });
  await expect(picker).toBeHidden();
  const field = form.getByLabel("Icon URL *", { exact: true });
  await expect(field).toHaveValue(/\/media\/[0-9a-f]{64}\.png$/);
  const url = await field.inputValue();

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
