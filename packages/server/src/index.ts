export * from "./content-secret.ts";
export * from "./env.ts";
export * from "./error-handler.ts";
export * from "./http.ts";
export * from "./http-errors.ts";
export * from "./run.ts";
export * from "./signing.ts";
export * from "./tmdb.ts";
