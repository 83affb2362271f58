import type { FieldErrorDetail } from "@backoffice/contracts/field-errors";
import { VERSION_HEADER } from "@backoffice/contracts/live";
import { SCREEN_HEADER } from "@backoffice/contracts/screen-header";
import { UNDO_HEADER } from "@backoffice/contracts/undo-header";
import { clearSession, endSession, getToken } from "./session";
import { toast } from "./toast";

export const API_BASE = "/api/v1";

export type ApiVariant = "default" | "movies";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A field the server refused, from the error envelope's `errors`: its code says what is wrong. */
export type FieldError = { path: string; message: string } & Partial<FieldErrorDetail>;

/** Texts the client shows itself (docs/PRODUCT-RULES.md#client-messages-and-toasts). */
export const clientMessages = {
  noToken: "No authentication token",
  noTokenMovies: "Not authenticated for Movies module",
  csrfFailed: "Failed to get CSRF token",
  sessionExpired: "Session expired. Please login again.",
  /** The api's 401 of a session ended by a sign-out elsewhere (AUTH_MESSAGES.sessionSignedOut). */
  signedOut: "You were signed out. Please sign in again.",
  requestFailed: "Request failed",
  requestFailedMovies: (status: number) => `Request failed (${status})`,
} as const;

/**
 * Every failed call throws this one error: transport failures (status 0), refusals of any status
 * (400 and 500 included) with the server's own message and field errors, and an expired session.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server's own message, when its answer carried one (the toasts prefer it). */
  readonly serverMessage: string | undefined;
  /** Fields the server refused (`errors` of the envelope), shown at their fields by forms. */
  readonly errors: FieldError[];
  /** The session ended (a 401 on an authenticated call); the user has already been told. */
  readonly sessionExpired: boolean;
  constructor(message: string, status = 0, body: unknown = undefined, sessionExpired = false) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage(body);
    this.errors = fieldErrors(body);
    this.sessionExpired = sessionExpired;
  }
}

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Public calls (sign-in, forgotten password) send no token and keep a 401 to themselves. */
  auth?: boolean;
  variant?: ApiVariant;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * An edit's version check: the `updatedAt` the edit loaded, sent as If-Match (409 when the record
 * changed since, docs/PRODUCT-RULES.md#live-updates); no header without one.
 */
export const versionHeaders = (version: string | undefined): Record<string, string> =>
  version ? { [VERSION_HEADER]: JSON.stringify(version) } : {};

const WRITES: ReadonlySet<Method> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Sent with every signed-in write: a retry with the same key never makes a second record. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** A write whose answer was lost on the way (no answer at all) is sent once more after this long. */
export const WRITE_RETRY_DELAY_MS = 500;

/** One key per user action; `randomUUID` needs a secure context, random bytes do not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

function url(path: string, query?: RequestOptions["query"]): string {
  const full = path.startsWith("/api/") ? path : `${API_BASE}${path}`;
  if (!query) return full;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${full}?${qs}` : full;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fieldErrors(body: unknown): FieldError[] {
  const errors = body && typeof body === "object" ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => typeof e?.path === "string" && typeof e?.message === "string");
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message) return message;
    if (typeof error === "string" && error) return error;
  }
  return undefined;
}

let expiring = false;
/**
 * A 401 on an authenticated call: clear everything, tell the user once why (signed out elsewhere,
 * when the api says so, else expired), and the login screen too; the route guard goes to /login.
 * Answers the words said, for the error.
 */
function expireSession(body: unknown): string {
  const signedOut = serverMessage(body) === clientMessages.signedOut;
  const message = signedOut ? clientMessages.signedOut : clientMessages.sessionExpired;
  endSession(signedOut ? "signedOut" : "expired");
  if (expiring) return message;
  expiring = true;
  toast({ title: message, variant: "destructive" });
  setTimeout(() => {
    expiring = false;
  }, 1000);
  return message;
}

async function fetchCsrfToken(token: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(url("/csrf"), {
    headers: { Authorization: `Bearer ${token}` },
    credentials: "same-origin",
    signal,
  });
  if (res.status === 401) {
    const body = await readBody(res).catch(() => undefined);
    throw new ApiError(expireSession(body), 401, body, true);
  }
  const body = (await readBody(res).catch(() => undefined)) as { csrfToken?: unknown } | undefined;
  if (!res.ok || typeof body?.csrfToken !== "string") throw new Error("csrf");
  return body.csrfToken;
}

/**
 * Sends a call with the bearer token (and a CSRF token before every write) and returns the answer
 * when it succeeded; every failure throws an `ApiError` with the client's fixed messages.
 */
async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const { auth = true, variant = "default", body, query, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  if (auth) {
    const token = getToken(variant);
    if (!token) {
      // A call made with no user clears local storage; the route guard sends the user to /login.
      clearSession();
      throw new ApiError(variant === "movies" ? clientMessages.noTokenMovies : clientMessages.noToken);
    }
    headers.Authorization = `Bearer ${token}`;
    // The screen the call is made from: the session's last screen on Security (PRODUCT-RULES#sessions).
    const screen = typeof window === "undefined" ? undefined : window.location?.pathname;
    if (screen) headers[SCREEN_HEADER] = screen;
    if (WRITES.has(method)) {
      try {
        headers["x-csrf-token"] = await fetchCsrfToken(token, signal);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // The movies client goes on without the header; the server then refuses with its message.
        if (variant !== "movies") throw new ApiError(clientMessages.csrfFailed);
      }
    }
  }

  // The key stays the same for this call's own retry below, and only for it.
  const retryable = auth && WRITES.has(method);
  if (retryable) headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
  let res: Response | undefined;
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await fetch(url(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        signal,
      });
    } catch (error) {
      if ((error as Error)?.name === "AbortError") throw error;
      // No answer (a server restarting, a dropped connection): the write may or may not have run,
      // so it is sent again with the same key, which the server answers at most once.
      if (!retryable || attempt > 1) throw new ApiError(clientMessages.requestFailed);
      await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_DELAY_MS));
    }
  }
  if (res.ok) return res;

  const data = await readBody(res);
  if (res.status === 401 && auth) throw new ApiError(expireSession(data), 401, data, true);
  const fallback =
    variant === "movies"
      ? clientMessages.requestFailedMovies(res.status)
      : res.statusText || clientMessages.requestFailed;
  throw new ApiError(serverMessage(data) ?? fallback, res.status, data);
}

/** What a write's answer carries when it moved records to the trash: the token its Undo sends. */
export type Undoable = { undoToken?: string };

/**
 * The one API client for JSON calls (`send`); 204 returns undefined. A write that moved records
 * to the trash names its Undo in a header; the answer carries it as `undoToken`, so every delete
 * gets it without header code of its own.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, options);
  const body = res.status === 204 ? undefined : await readBody(res);
  const undoToken = res.headers.get(UNDO_HEADER);
  if (!undoToken) return body as T;
  return { ...(body && typeof body === "object" ? body : {}), undoToken } as T;
}

/** A file the server streams, read as it arrives so the screen can show progress. */
export type Download = { blob: Blob; filename: string };
export type DownloadOptions = RequestOptions & {
  /** Hears the answer's headers before the body arrives (an export's row count). */
  onStart?: (headers: Headers) => void;
  /** Hears each chunk's text as it arrives (to count records). */
  onChunk?: (text: string) => void;
};

/** `GET path` for a file (CSV exports): the same token, session and error handling as `request`. */
export async function download(path: string, options: DownloadOptions = {}): Promise<Download> {
  const res = await send("GET", path, {
    ...options,
    headers: { Accept: "text/csv, */*", ...options.headers },
  });
  options.onStart?.(res.headers);
  const parts: Uint8Array[] = [];
  const decoder = new TextDecoder();
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    options.onChunk?.(decoder.decode(value, { stream: true }));
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "export";
  return {
    blob: new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? "" }),
    filename: name,
  };
}

/** The server's own message of a failed call, when it sent one; otherwise `fallback`. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  /** Deletes move records to the trash: their answers may carry an Undo token. */
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T & Undoable>("DELETE", path, { ...options, body }),
};

/** What the per-site binding needs of a site: its key (the path prefix) and its wording variant. */
export type ApiSite = { key: string; apiVariant: ApiVariant };

/**
 * The API of one site: paths are relative to `/api/v1/{site}` and the site's wording variant is
 * set once, so feature code writes `siteApi(site).get<T>("/ads")`.
 */
export function siteApi(site: ApiSite) {
  const at = (path: string) => `/${site.key}${path}`;
  const withVariant = (options?: RequestOptions): RequestOptions => ({
    variant: site.apiVariant,
    ...options,
  });
  return {
    get: <T>(path: string, options?: RequestOptions) => api.get<T>(at(path), withVariant(options)),
    download: (path: string, options?: DownloadOptions) =>
      download(at(path), { ...withVariant(), ...options }),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      api.post<T>(at(path), body, withVariant(options)),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      api.put<T>(at(path), body, withVariant(options)),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      api.patch<T>(at(path), body, withVariant(options)),
    delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      api.delete<T>(at(path), body, withVariant(options)),
    upload: <T>(path: string, file: Blob, fileName: string, options?: UploadOptions) =>
      upload<T>(at(path), file, fileName, { variant: site.apiVariant, ...options }),
  };
}

export type UploadOptions = {
  variant?: ApiVariant;
  /** Hears how much of the file was sent, 0-1 (XMLHttpRequest's upload progress: fetch has none). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** PUT replaces a stored file (the media library's Replace); POST by default. */
  method?: "POST" | "PUT";
};

/**
 * `POST path` (or PUT) with a file as the multipart field `file` (the media library), with the same token,
 * CSRF token and errors as `request`, and the upload's progress.
 */
export async function upload<T>(
  path: string,
  file: Blob,
  fileName: string,
  options: UploadOptions = {},
): Promise<T> {
  const { variant = "default", onProgress, signal, method = "POST" } = options;
  const token = getToken(variant);
  if (!token) {
    clearSession();
    throw new ApiError(variant === "movies" ? clientMessages.noTokenMovies : clientMessages.noToken);
  }
  let csrf: string;
  try {
    csrf = await fetchCsrfToken(token, signal);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(clientMessages.csrfFailed);
  }
  const form = new FormData();
  form.append("file", file, fileName);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url(path));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("x-csrf-token", csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(clientMessages.requestFailed));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (status >= 200 && status < 300) return body as T;
  if (status === 401) throw new ApiError(expireSession(body), 401, body, true);
  throw new ApiError(serverMessage(body) ?? clientMessages.requestFailed, status, body);
}
