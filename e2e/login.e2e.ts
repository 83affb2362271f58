import { captureScreen, expect, loginViaUi, storage, test, toastWith, today, users } from "./fixtures";

test("login screen: texts, screenshots and accessibility", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expect(page.getByText("Sign in to your account to continue")).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await captureScreen(page, "login", async (p) => {
    await expect(p.getByRole("button", { name: "Sign In" })).toBeVisible();
  });
});

test("Forgot password? opens /forgot-password", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("empty fields: Please fill in all fields", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("Email").fill(users.admin.email);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await expect(page).toHaveURL(/\/login$/);
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("wrong password shows the server's message and stays signed out", async ({ page }) => {
  await loginViaUi(page, { ...users.admin, password: "wrong-password-1" });
  await expect(toastWith(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storage(page)).token).toBeUndefined();
});

test("unknown account shows the server's message", async ({ page }) => {
  await loginViaUi(page, { email: "nobody@example.com", password: "Whatever-1", role: "admin" });
  await expect(toastWith(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a failure without a message shows Login failed", async ({ page }) => {
  await page.route("**/api/v1/auth/login", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await loginViaUi(page, users.admin);
  await expect(toastWith(page, "Login failed")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the button reads Signing in... while busy", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/auth/login", async (route) => {
    await held;
    await route.continue();
  });
  await loginViaUi(page, users.admin);
  const busy = page.getByRole("button", { name: "Signing in..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/apkw\/apps$/);
});

test("success: Login successful, /apkw and the session stored with and without :movies", async ({ page }) => {
  await loginViaUi(page, users.admin);
  await expect(page).toHaveURL(/\/apkw\/apps$/);
  await expect(toastWith(page, "Login successful")).toBeVisible();
  const stored = await storage(page);
  expect(stored.token).toBeTruthy();
  expect(stored["token:movies"]).toBe(stored.token);
  expect(JSON.parse(stored.user ?? "{}")).toEqual({ email: users.admin.email, role: "admin" });
  expect(stored["user:movies"]).toBe(stored.user);
  expect(stored.date).toBe(today());
  expect(stored["date:movies"]).toBe(today());
  expect(stored.selectedDashboard).toBe("apkw");
});

test("a non-admin account gets the permission error and storage is cleared", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => window.localStorage.setItem("leftover", "x"));
  await loginViaUi(page, users.editor);
  await expect(toastWith(page, "You don't have permissions to access this dashboard.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page)).toEqual({});
});

test("the form works with the keyboard alone", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(users.admin.email);
  // Email, then Password ("Forgot password?" comes after the password).
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(users.admin.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/apkw\/apps$/);
});
