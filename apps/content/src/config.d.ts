import { z } from "zod";
export declare const configSchema: z.ZodObject<{
    CONTENT_PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    HOST: z.ZodDefault<z.ZodString>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        error: "error";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
        trace: "trace";
        silent: "silent";
    }>>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    CONTENT_DATABASE_URL: z.ZodOptional<z.ZodURL>;
    CONTENT_HMAC_SECRET: z.ZodOptional<z.ZodString>;
    SEED_DEMO: z.ZodDefault<z.ZodPipe<z.ZodEnum<{
        0: "0";
        1: "1";
        true: "true";
        false: "false";
    }>, z.ZodTransform<boolean, "1" | "0" | "true" | "false">>>;
    TMDB_API_KEY: z.ZodOptional<z.ZodString>;
    TMDB_BASE_URL: z.ZodOptional<z.ZodURL>;
    SANDBOX_URL: z.ZodDefault<z.ZodURL>;
    PUBLIC_ORIGINS: z.ZodPipe<z.ZodPipe<z.ZodDefault<z.ZodString>, z.ZodTransform<string[], string>>, z.ZodArray<z.ZodURL>>;
    SITE_MOVIES_URL: z.ZodDefault<z.ZodURL>;
}, z.core.$strip>;
export type Config = z.infer<typeof configSchema>;
/** Parses the environment once; a bad value throws one line naming the variable. */
export declare function loadConfig(source?: NodeJS.ProcessEnv): Config;
