import { SSO_MESSAGES } from "@backoffice/contracts/sso-messages";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/api-client";
import { captureToasts, fakeApi, type Routes, type ShownToast } from "@/lib/screen.testing";
import { LoginForm } from "./login-form";

// The browser's passkey prompt answers at once (the API answers are the fake ones below).
vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: async () => ({ id: "passkey-1" }) }));

/** The sign-in screen's texts and states (docs/PRODUCT-RULES.md#sessions); the journey is e2e/login.e2e.ts. */

let toasts: ShownToast[];
const navigate = vi.fn();
beforeEach(() => {
  toasts = captureToasts();
  navigate.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const noSso = { body: { status: "success", data: { sso: [] } } };
const withSso = { body: { status: "success", data: { sso: [{ id: "env", label: "Acme ID" }] } } };

/** The API answers `routes`; the form starts signed out. */
function signInScreen(routes: Routes = {}) {
  const calls = fakeApi({ "GET /config": noSso, ...routes });
  window.localStorage.clear();
  render(<LoginForm returnTo={null} navigate={navigate} />);
  return calls;
}

const email = () => screen.getByLabelText("Email");
const password = () => screen.getByLabelText("Password", { selector: "input" });
const submit = () => userEvent.click(screen.getByRole("button", { name: "Sign In" }));

async function signInAs(address: string, secret: string) {
  await userEvent.type(email(), address);
  await userEvent.type(password(), secret);
  await submit();
}

const admin = { email: "admin@example.com", role: "admin" };
const loggedIn = (user = admin) => ({
  body: { status: "success", message: "Login successful", data: { token: "t1", user } },
});

describe("Sign in", () => {
  it("shows Welcome Back, its line and a Forgot password? link to /forgot-password", async () => {
    signInScreen();
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    expect(screen.getByText("Sign in to your account to continue")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Forgot password?" });
    expect(link).toHaveAttribute("href", "/forgot-password");
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith("/forgot-password", { replace: false });
  });

  it("empty fields: Please fill in all fields, the empty ones marked, nothing sent", async () => {
    const calls = signInScreen();
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent("Please fill in all fields");
    expect(email()).toHaveAttribute("aria-invalid", "true");
    expect(password()).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(email(), admin.email);
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent("Please fill in all fields");
    expect(email()).not.toHaveAttribute("aria-invalid", "true");
    expect(password()).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((call) => call.path !== "/config")).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("the password can be shown and hidden", async () => {
    signInScreen();
    await userEvent.type(password(), "secret");
    expect(password()).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password()).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password()).toHaveAttribute("type", "password");
  });

  it("the button reads Signing in... and is disabled while the answer is awaited", async () => {
    let answer: (value: Response) => void = () => {};
    signInScreen();
    vi.stubGlobal(
      "fetch",
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await signInAs(admin.email, "Secret-123");
    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect(busy).toBeDisabled();
    answer(Response.json(loggedIn().body));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/apkw", { replace: true }));
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("success: Login successful, the session stored, on to /apkw", async () => {
    const calls = signInScreen({ "POST /auth/login": loggedIn() });
    await signInAs(`  ${admin.email} `, "Secret-123");
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/apkw", { replace: true }));
    expect(calls.find((call) => call.path === "/auth/login")?.body).toEqual({
      email: admin.email,
      password: "Secret-123",
    });
    expect(toasts[0]).toMatchObject({ title: "Login successful" });
    expect(window.localStorage.getItem("token")).toBe("t1");
  });

  // Per answer: the toast's title and text, and the user stays on /login, signed out.
  it.each([
    {
      case: "wrong password (401)",
      answer: { status: 401, body: { status: "fail", message: "Invalid email or password" } },
      title: "Login failed",
      description: "Invalid email or password",
    },
    { case: "a failure without a message", answer: { status: 500, body: {} }, title: "Login failed" },
    {
      case: "a non-admin account",
      answer: loggedIn({ email: "editor@example.com", role: "editor" }),
      title: "Access denied",
      description: "You don't have permissions to access this dashboard.",
    },
    {
      case: "a 403 answer",
      answer: { status: 403, body: { status: "fail", message: "Forbidden" } },
      title: "Access denied",
      description: "You don't have permissions to access this dashboard.",
    },
  ])(
    "$case: toasts $title, stays on the form and keeps no session",
    async ({ answer, title, description }) => {
      signInScreen({ "POST /auth/login": answer });
      window.localStorage.setItem("leftover", "x");
      await signInAs(admin.email, "wrong-password-1");
      await waitFor(() => expect(toasts).toHaveLength(1));
      expect(toasts[0]).toMatchObject(description ? { title, description } : { title });
      expect(navigate).not.toHaveBeenCalled();
      expect(window.localStorage.getItem("token")).toBeNull();
      if (title === "Access denied") expect(window.localStorage.length).toBe(0);
      expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    },
  );
});

describe("Sign in: why the last session ended", () => {
  /** A call of the signed-in dashboard answered 401 with `message`; then the sign-in screen. */
  async function endedWith(message: string) {
    fakeApi({ "GET /apkw/ads": { status: 401, body: { status: "fail", message } } });
    await api.get("/apkw/ads").catch(() => undefined);
    render(<LoginForm returnTo={null} navigate={navigate} />);
  }

  it("a session signed out elsewhere: the toast and the screen say so, not Session expired", async () => {
    await endedWith("You were signed out. Please sign in again.");
    expect(toasts.map((t) => t.title)).toEqual(["You were signed out. Please sign in again."]);
    expect(screen.getByRole("status")).toHaveTextContent("You were signed out. Please sign in again.");
    expect(screen.queryByText(/Session expired/)).toBeNull();
  });

  it("a session that expired says Session expired", async () => {
    await endedWith("Session expired. Please login again.");
    expect(screen.getByRole("status")).toHaveTextContent("Session expired. Please login again.");
  });
});

describe("Sign in: the second factor step", () => {
  const step = {
    body: {
      status: "second-factor",
      data: { challenge: "ch-1", totp: true, passkeys: false },
      message: "Enter the code from your authenticator app",
    },
  };

  it("asks for the app's code on the same screen, refuses a wrong one and signs in with the right one", async () => {
    const calls = signInScreen({
      "POST /auth/login": step,
      "POST /auth/login/second-factor": (call) =>
        (call.body as { code?: string }).code === "123456"
          ? loggedIn()
          : { status: 400, body: { status: "fail", message: "Invalid code" } },
    });
    await signInAs(admin.email, "Admin-pass-1");
    expect(await screen.findByRole("heading", { name: "Two-step verification" })).toBeInTheDocument();
    expect(screen.getByText("Enter the code from your authenticator app")).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);

    const code = screen.getByLabelText("Authentication code");
    await userEvent.type(code, "000000");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid code");
    expect(navigate).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/apkw", { replace: true }));
    expect(calls.at(-1)?.body).toEqual({ challenge: "ch-1", code: "123456" });
    expect(toasts).toContainEqual(expect.objectContaining({ title: "Login successful" }));
  });

  it("takes a recovery code instead, and goes back to the password when the step expired", async () => {
    const calls = signInScreen({
      "POST /auth/login": step,
      "POST /auth/login/second-factor": {
        status: 401,
        body: { status: "fail", message: "The sign-in has expired. Please sign in again." },
      },
    });
    await signInAs(admin.email, "Admin-pass-1");
    await userEvent.click(await screen.findByRole("button", { name: "Use a recovery code" }));
    await userEvent.type(screen.getByLabelText("Recovery code"), "abcde-fghij");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(calls.at(-1)?.body).toEqual({ challenge: "ch-1", recoveryCode: "abcde-fghij" });
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The sign-in has expired. Please sign in again.");
  });
});

describe("Sign in with single sign-on", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows Sign in with {label} for each provider, a link to the API's start", async () => {
    signInScreen({ "GET /config": withSso });
    const link = await screen.findByRole("link", { name: "Sign in with Acme ID" });
    expect(link).toHaveAttribute("href", "/api/v1/auth/oidc/start?provider=env");
  });

  it("shows no button without a provider", async () => {
    signInScreen();
    await waitFor(() => expect(screen.queryByRole("link", { name: /Sign in with/ })).toBeNull());
  });

  it("exchanges the callback's one-time code for the session and leaves no code in the address", async () => {
    window.history.replaceState(null, "", "/login?ssoCode=one-time-code");
    const calls = signInScreen({ "POST /auth/oidc/exchange": loggedIn() });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/apkw", { replace: true }));
    expect(calls.filter((call) => call.path === "/auth/oidc/exchange").map((call) => call.body)).toEqual([
      { code: "one-time-code" },
    ]);
    expect(window.location.search).toBe("");
  });

  it("says why the provider's sign-in was refused", async () => {
    window.history.replaceState(null, "", "/login?ssoError=not-member");
    signInScreen();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This account is not a member of the team. Ask an Owner to invite you.",
    );
    expect(window.location.search).toBe("");
  });

  it.each([
    ["a password", () => signInAs("viewer@example.com", "Viewer-pass-1")],
    [
      "a passkey alone",
      () => userEvent.click(screen.getByRole("button", { name: "Continue with a passkey" })),
    ],
  ])(
    "under Sign in with SSO only, %s is refused on the form in the rule's words, not as Access denied",
    async (_, signIn) => {
      const refused = { status: 403, body: { status: "fail", message: SSO_MESSAGES.ssoOnly } };
      signInScreen({
        "GET /config": withSso,
        "POST /auth/login": refused,
        "POST /auth/passkeys/sign-in/options": { body: { status: "success", data: { options: {} } } },
        "POST /auth/passkeys/sign-in": refused,
      });
      await signIn();
      expect(await screen.findByRole("alert")).toHaveTextContent(SSO_MESSAGES.ssoOnly);
      expect(toasts).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
    },
  );
});
