import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { ReloadPageState } from "./components/states";
import { paths } from "./config/paths";
import { LoginForm } from "./features/auth/components/login-form";
import { getSession, isSessionStale, returnPath, signOutForTheDay } from "./lib/session";
import { startTheme } from "./lib/theme";
import "./index.css";

// Before the first paint of any screen, the sign-in form included.
startTheme();

const element = document.getElementById("root");
if (!element) throw new Error("missing #root");
const root = createRoot(element);
const render = (screen: ReactNode) =>
  root.render(
    <StrictMode>
      <AppProvider>{screen}</AppProvider>
    </StrictMode>,
  );

const loadDashboard = () => import("./app/dashboard");
const openDashboard = () =>
  loadDashboard().then(
    ({ Dashboard }) => render(<Dashboard />),
    // The dashboard's chunk did not arrive (offline, or a deploy replaced it): say so, offer a reload.
    () => render(<ReloadPageState title="The dashboard could not be loaded" />),
  );

// A signed-out visit to /login shows the sign-in screen before React Router and the route table are
// downloaded (its JavaScript budget: docs/PRODUCT-RULES.md#performance-goals). The dashboard is
// fetched once the user starts typing or clicking, and takes over the same page when the form navigates.
if (window.location.pathname === paths.login && !(getSession() && !isSessionStale())) {
  // What the dashboard's daily check would do first: the form then says why.
  if (isSessionStale()) signOutForTheDay();
  for (const intent of ["keydown", "pointerdown"])
    window.addEventListener(intent, () => void loadDashboard(), { once: true, capture: true });
  // React Router keeps the state a protected page passed in history.state.usr (kept across reloads).
  const state = window.history.state as { usr?: unknown } | null;
  render(
    <LoginForm
      returnTo={returnPath(state?.usr)}
      navigate={(to, { replace }) => {
        window.history[replace ? "replaceState" : "pushState"](null, "", to);
        void openDashboard();
      }}
    />,
  );
} else void openDashboard();
