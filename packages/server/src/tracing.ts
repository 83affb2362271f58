import type { SpanAttributes, SpanNotes, Tracing, TracingSettings } from "./tracing-types.ts";

/**
 * OpenTelemetry traces (docs/DEPLOYMENT.md, "Traces"), on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * This module is what the servers' code calls whether tracing is on or not: without the endpoint
 * nothing of OpenTelemetry is imported (the SDK lives in tracing-sdk.ts, imported at start only when
 * configured) and each helper below is one check of a variable, so memory, start time and the cost
 * of a request stay what they were.
 */

export * from "./tracing-types.ts";

let active: Tracing | undefined;
let starting: Promise<Tracing> | undefined;

/**
 * Starts tracing for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, else answers undefined
 * having imported nothing. One SDK per process: `npm start` runs the three servers in one, and the
 * first to start names the service.
 */
export async function startTracing(
  settings: TracingSettings,
  serviceName: string,
): Promise<Tracing | undefined> {
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  starting ??= import("./tracing-sdk.ts").then(({ startSdk }) => {
    active = startSdk(settings, settings.OTEL_SERVICE_NAME ?? serviceName);
    return active;
  });
  return starting;
}

/** This process's tracing, once started. */
export const activeTracing = (): Tracing | undefined => active;

const NO_NOTES: SpanNotes = { set() {} };

/** `Tracing.inSpan` when tracing is on; `run` alone otherwise. */
export function inSpan<T>(
  name: string,
  attributes: SpanAttributes,
  run: (notes: SpanNotes) => Promise<T>,
  kind?: "client" | "internal",
): Promise<T> {
  return active ? active.inSpan(name, attributes, run, kind) : run(NO_NOTES);
}

/** `Tracing.newTrace` when tracing is on; `run` alone otherwise. */
export function newTrace<T>(
  name: string,
  attributes: SpanAttributes,
  run: (notes: SpanNotes) => Promise<T>,
): Promise<T> {
  return active ? active.newTrace(name, attributes, run) : run(NO_NOTES);
}

/** `{ traceId }` of the work running now, for an error answer; nothing when tracing is off. */
export function traceIdField(): { traceId?: string } {
  const traceId = active?.traceId();
  return traceId ? { traceId } : {};
}

/** `Tracing.recordError` when tracing is on. */
export function recordSpanError(error: unknown): void {
  active?.recordError(error);
}
