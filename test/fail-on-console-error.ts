import { afterEach } from "vitest";

// An unexpected console.error is a bug the test would otherwise hide.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length)
    throw new Error(`console.error was called: ${seen.map((args) => args.join(" ")).join("\n")}`);
});
