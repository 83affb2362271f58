// Component tests: DOM matchers, and a fresh document for every test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after 5 s instead of 1: a file's first screen loads its lazy route
// modules, which took over a second in CI on a slow hour (command-palette.test.tsx, 2026-11-26).
// A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
