import { captureScreen, expect, loginViaUi, storage, test, toastWith, today, users } from "./fixtures";

// The screen's texts and states (empty fields, Signing in..., show/hide password, each failure's
// toast, a non-admin refused) are rules of the component: features/auth/components/login-form.test.tsx.

test("login screen: screenshots and accessibility; Forgot password? opens /forgot-password", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await captureScreen(page, "login", async (p) => {
    await expect(p.getByRole("button", { name: "Sign In" })).toBeVisible();
  });
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("wrong password shows the server's message and stays signed out", async ({ page }) => {
  await loginViaUi(page, { ...users.admin, password: "wrong-password-1" });
  await expect(toastWith(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storage(page)).token).toBeUndefined();
});

test("success: Login successful, /apkw and the session stored with and without :movies", async ({ page }) => {
  await loginViaUi(page, users.admin);
  await expect(page).toHaveURL(/\/apkw$/);
  await expect(toastWith(page, "Login successful")).toBeVisible();
  const stored = await storage(page);
  expect(stored.token).toBeTruthy();
  expect(stored["token:movies"]).toBe(stored.token);
  expect(JSON.parse(stored.user ?? "{}")).toEqual({ email: users.admin.email, role: "admin" });
  expect(stored["user:movies"]).toBe(stored.user);
  expect(stored.date).toBe(today());
  expect(stored["date:movies"]).toBe(today());
  // The shell stores the selected site once it shows: the overview is at /apkw at once, no redirect first.
  await expect.poll(async () => (await storage(page)).selectedDashboard).toBe("apkw");
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
  await expect(page).toHaveURL(/\/apkw$/);
});
