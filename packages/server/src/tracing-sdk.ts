// OpenTelemetry's SDK, imported by `startTracing` (tracing.ts) only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set: none of these modules is loaded otherwise.
import type { IncomingMessage } from "node:http";
import {
  type Context,
  context,
  DiagLogLevel,
  diag,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK } from "@opentelemetry/sdk-node";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace";
import type { FastifyInstance } from "fastify";
import { redactUrl } from "./redact-url.ts";
import type { RedisCommands, SpanAttributes, SpanNotes, Tracing, TracingSettings } from "./tracing-types.ts";

/** A request's span and the context it runs in, kept on its node request for the Fastify hooks. */
const TRACE = Symbol("backoffice.trace");
type Traced = IncomingMessage & { [TRACE]?: { span: Span; context: Context } };

/** A close waits this long at most for the last spans to leave (a stop has 8 s in all). */
const FLUSH_MS = 2000;
/** A problem of the exporter (the receiver away) is logged once a minute at most. */
const WARN_EVERY_MS = 60_000;

function samplerOf(settings: TracingSettings): Sampler {
  const ratio = new TraceIdRatioBasedSampler(settings.OTEL_TRACES_SAMPLER_ARG);
  switch (settings.OTEL_TRACES_SAMPLER) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratio;
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** The traces path under the OTLP base URL (the exporters' rule for OTEL_EXPORTER_OTLP_ENDPOINT). */
const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, "")}/v1/traces`;

/** A URL's attributes with its credentials replaced (a TMDB key travels as `api_key`). */
function safeUrl(origin: string, path: string): SpanAttributes {
  const redacted = redactUrl(path);
  const mark = redacted.indexOf("?");
  return {
    "url.full": `${origin}${redacted}`,
    "url.path": mark === -1 ? redacted : redacted.slice(0, mark),
    "url.query": mark === -1 ? "" : redacted.slice(mark),
  };
}

function failed(span: Span, error: unknown) {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** A recording span of the context, if any: work outside a trace, or sampled out, records nothing. */
function recordingParent(parent: Context): boolean {
  return trace.getSpan(parent)?.isRecording() ?? false;
}

export function startSdk(settings: TracingSettings, serviceName: string): Tracing {
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({
      url: tracesUrl(settings.OTEL_EXPORTER_OTLP_ENDPOINT!),
      headers: settings.OTEL_EXPORTER_OTLP_HEADERS ?? {},
    }),
    sampler: samplerOf(settings),
    // Traces only: no metrics (Prometheus has them, /metrics) and no log export (stdout has them).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // fetch (providers, the content service, webhooks): a CLIENT span and a traceparent header, only
      // inside a trace, with the URL's credentials left out.
      new UndiciInstrumentation({
        requireParentforSpans: true,
        startSpanHook: (request) => safeUrl(request.origin, request.path),
      }),
    ],
  });
  sdk.start();
  const tracer = trace.getTracer("backoffice");
  const provider = trace.getTracerProvider() as { getDelegate?(): { forceFlush?(): Promise<void> } };
  const flush = () =>
    Promise.race([
      provider.getDelegate?.().forceFlush?.(),
      new Promise((resolve) => setTimeout(resolve, FLUSH_MS).unref()),
    ]).catch(() => {});
  let diagnosed = false;

  const tracing: Tracing = {
    serviceName,

    serve(handler) {
      return (request: Traced, response) => {
        // A W3C traceparent from the caller makes this request part of its trace.
        const parent =
          request.headers.traceparent === undefined
            ? ROOT_CONTEXT
            : propagation.extract(ROOT_CONTEXT, request.headers);
        const span = tracer.startSpan(
          request.method ?? "HTTP",
          { kind: SpanKind.SERVER, attributes: { "http.request.method": request.method ?? "" } },
          parent,
        );
        // A request the sampler dropped runs outside any context, as with tracing off: no hook, log
        // line or statement finds a span to note (what every request paid was this context, not its
        // spans). Its outgoing calls carry no traceparent: the next service decides on its own.
        if (!span.isRecording()) return handler(request, response);
        const active = trace.setSpan(parent, span);
        request[TRACE] = { span, context: active };
        response.once("close", () => {
          const status = response.statusCode;
          span.setAttribute("http.response.status_code", status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          if (!response.writableFinished) span.setAttribute("error.type", "aborted");
          span.end();
        });
        context.with(active, handler, undefined, request, response);
      };
    },

    install(fastify: FastifyInstance) {
      fastify.addHook("onRequest", (request, _reply, done) => {
        const span = (request.raw as Traced)[TRACE]?.span;
        const route = request.routeOptions.url;
        if (span && route) {
          span.updateName(`${request.method} ${route}`);
          span.setAttribute("http.route", route);
        }
        done();
      });
      // A body and an answer's end are the socket's events, outside the request's context: the work
      // after each (validation, the handler; onResponse and the "request completed" line) is put
      // back in it. Cheaper than binding every listener of the request and the answer.
      const resume = (request: { raw: Traced }, _reply: unknown, done: () => void) => {
        const traced = request.raw[TRACE];
        if (traced) context.with(traced.context, done);
        else done();
      };
      fastify.addHook("preValidation", resume);
      fastify.addHook("onResponse", resume);
      fastify.addHook("onClose", flush);
      if (diagnosed) return;
      diagnosed = true;
      // An export that fails (the receiver away, a refused key) is a warning in the server's log, one
      // a minute at most while it lasts, outside any request's trace.
      let warnedAt = Number.NEGATIVE_INFINITY;
      const warn = (message: string, ...args: unknown[]) => {
        if (performance.now() - warnedAt < WARN_EVERY_MS) return;
        warnedAt = performance.now();
        let said = message;
        try {
          said = (JSON.parse(message) as { message?: string }).message ?? message;
        } catch {}
        const line = [said, ...args.map(String)].join(" ").slice(0, 300);
        context.with(ROOT_CONTEXT, () => fastify.log.warn({ event: "tracing" }, `tracing: ${line}`));
      };
      const quiet = () => {};
      diag.setLogger(
        { error: warn, warn, info: quiet, debug: quiet, verbose: quiet },
        { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
      );
    },

    traceId() {
      const span = trace.getSpan(context.active());
      return span?.spanContext().traceId;
    },

    // A leaf: no context of its own (nothing below a statement or a probe), one promise more.
    inSpan(name, attributes, run, kind = "internal") {
      const parent = context.active();
      if (!recordingParent(parent)) return run(NO_NOTES);
      const span = tracer.startSpan(
        name,
        { kind: kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes },
        parent,
      );
      let running: ReturnType<typeof run>;
      try {
        running = run(run.length ? notesOf(span) : NO_NOTES);
      } catch (error) {
        failed(span, error);
        span.end();
        throw error;
      }
      return running.then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          failed(span, error);
          span.end();
          throw error;
        },
      );
    },

    async newTrace(name, attributes, run) {
      const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes, root: true }, ROOT_CONTEXT);
      try {
        return await context.with(trace.setSpan(ROOT_CONTEXT, span), () => run(notesOf(span)));
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },

    recordError(error) {
      const span = trace.getSpan(context.active());
      if (span?.isRecording()) failed(span, error);
    },

    instrumentRedis(client: RedisCommands) {
      const send = client.sendCommand;
      client.sendCommand = function traced(this: RedisCommands, command, ...rest) {
        const parent = context.active();
        if (!recordingParent(parent)) return send.call(this, command, ...rest);
        const operation = command.name.toUpperCase();
        const span = tracer.startSpan(
          `redis ${operation}`,
          {
            kind: SpanKind.CLIENT,
            attributes: { "db.system.name": "redis", "db.operation.name": operation },
          },
          parent,
        );
        command.promise.then(
          () => span.end(),
          (error: unknown) => {
            failed(span, error);
            span.end();
          },
        );
        return send.call(this, command, ...rest);
      };
    },

    async shutdown() {
      await sdk.shutdown();
    },
  };
  return tracing;
}

const NO_NOTES: SpanNotes = { set() {} };
const notesOf = (span: Span): SpanNotes => ({
  set: (name, value) => void span.setAttribute(name, value),
});
