import { RouterProvider } from "react-router";
import { createRouter } from "./router";

let router: ReturnType<typeof createRouter> | undefined;

/** The whole dashboard: React Router and the route table, loaded after the first sign-in screen (main.tsx). */
export function Dashboard() {
  // Created on first render, so it reads the address the sign-in screen has just set.
  router ??= createRouter();
  return <RouterProvider router={router} />;
}
