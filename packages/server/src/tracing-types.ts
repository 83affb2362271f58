import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

// What tracing.ts (always loaded) and tracing-sdk.ts (loaded only when tracing is on) share: the
// settings and the shape of a tracer.

/** `OTEL_TRACES_SAMPLER`'s values (the OpenTelemetry SDK's names). */
const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

/** `name=value` pairs separated by commas, values percent-encoded (the OTLP exporters' format). */
const otlpHeaders = z.string().transform((text, context) => {
  const headers: Record<string, string> = {};
  for (const pair of text.split(",")) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    let value: string | undefined;
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {}
    if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === undefined) {
      context.addIssue({ code: "custom", message: "must be name=value pairs separated by commas" });
      return z.NEVER;
    }
    headers[name.toLowerCase()] = value;
  }
  return headers;
});

/** The tracing settings, validated with the rest of each server's environment (its config.ts). */
export const tracingEnv = {
  /** The OTLP/HTTP receiver's base URL (a collector, Jaeger, Tempo, an APM's intake); unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Headers sent with each export (an APM's key): `name=value,name2=value2`. */
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders.optional(),
  /** The service name spans carry; each server has its own default (`backoffice-api`, `backoffice-content`). */
  OTEL_SERVICE_NAME: z.string().min(1).max(200).optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default("parentbased_always_on"),
  /** The share of traces kept by the `traceidratio` samplers, 0-1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

const tracingSchema = z.object(tracingEnv);
export type TracingSettings = z.infer<typeof tracingSchema>;

export type SpanAttributes = Record<string, string | number | boolean>;

/** What a span learns while it runs (a status code); does nothing when no span is recorded. */
export interface SpanNotes {
  set(name: string, value: string | number | boolean): void;
}

/** The commands of an ioredis client (`sendCommand` is the one every command goes through). */
export interface RedisCommands {
  sendCommand(command: { name: string; promise: Promise<unknown> }, ...rest: never[]): unknown;
}

export interface Tracing {
  readonly serviceName: string;
  /** The node:http handler wrapped: one SERVER span per request it is given (the front door's are not). */
  serve(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): (request: IncomingMessage, response: ServerResponse) => void;
  /** Names each request's span after its route (`GET /api/v1/:site/emails`), flushes on close. */
  install(fastify: FastifyInstance): void;
  /** The trace id of the work running now (a request, a job run), if any. */
  traceId(): string | undefined;
  /** A span around `run`, a child of the current one; inside no trace, `run` alone (nothing recorded). */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    run: (notes: SpanNotes) => Promise<T>,
    kind?: "client" | "internal",
  ): Promise<T>;
  /** A new trace around `run` (a job run), whatever runs around it. */
  newTrace<T>(name: string, attributes: SpanAttributes, run: (notes: SpanNotes) => Promise<T>): Promise<T>;
  /** Notes an error on the current span (a 500's cause). */
  recordError(error: unknown): void;
  /** A CLIENT span per command the client sends inside a trace (`redis INCR`). */
  instrumentRedis(client: RedisCommands): void;
  shutdown(): Promise<void>;
}
