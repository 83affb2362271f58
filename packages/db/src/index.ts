export * from "./audit.ts";
export * from "./database.ts";
export * from "./ids.ts";
export * from "./migrate.ts";
export * from "./snapshot.ts";
export * from "./versions.ts";
export * from "./wait.ts";
