// URLs as logged and traced: credentials in a path or a query string replaced, for every log line and
// span of every server that names a request (http.ts, tracing-sdk.ts).

/**
 * Names whose values are credentials, in a query string or as a route's path parameter (`:token`):
 * any name ending in token or secret (`token`, `access_token`, `csrfToken`, `client_secret`), and a
 * few more.
 */
const SECRET_NAME = /(token|secret|password|signature)$|^(api_?key|key|otp|code)$/i;
/** What replaces a secret in a logged URL. */
const REDACTED = "[redacted]";
/**
 * A generated credential, for a path no route names (a 404, a dashboard page such as
 * `/invitation/{token}`): 32 or more base64url characters mixing upper case, lower case and digits.
 * Ids (24 hex digits), UUIDs and slugs are not of that shape.
 */
const TOKEN_SHAPE = /[A-Za-z0-9_-]{32,}/g;
const looksGenerated = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
const withoutTokens = (text: string) =>
  text.replace(TOKEN_SHAPE, (run) => (looksGenerated(run) ? REDACTED : run));
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The positions (among the non-empty segments) of a route pattern's secret parameters, e.g. 3 for
 * `/api/v1/team/invitations/:token` counting from 0 at `api`, and how many segments the pattern
 * names (up to a wildcard, whose segments it does not).
 */
function secretSegments(pattern: string): { secret: Set<number>; known: number } {
  const segments = pattern.split("/").filter(Boolean);
  const secret = new Set<number>();
  let known = segments.length;
  segments.forEach((segment, index) => {
    if (segment.includes("*") && known === segments.length) known = index;
    for (const [, name] of segment.matchAll(/:([A-Za-z0-9_]+)/g))
      if (SECRET_NAME.test(name!)) secret.add(index);
  });
  return { secret, known };
}

/**
 * A request path as logged: the segments its route names as secret (`:token`) replaced with
 * `[redacted]`; where no route names a segment (no route matched, or past a wildcard), any segment
 * holding a generated credential's shape.
 */
function redactPath(path: string, pattern: string | undefined): string {
  const { secret, known } = pattern ? secretSegments(pattern) : { secret: new Set<number>(), known: 0 };
  let position = -1;
  return path
    .split("/")
    .map((segment) => {
      if (segment === "") return segment;
      position += 1;
      if (secret.has(position)) return REDACTED;
      if (position < known) return segment;
      return withoutTokens(decoded(segment)) === decoded(segment) ? segment : REDACTED;
    })
    .join("/");
}

/**
 * A request URL as logged (every log line that names a request, of every server): the path's secret
 * segments (see `redactPath`; `pattern` is the matched route's, e.g. `/invitations/:token/accept`)
 * and credentials in the query string replaced: a parameter named as a secret, or any value holding
 * a generated credential's shape.
 */
export function redactUrl(url: string, pattern?: string): string {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? "" : url.slice(mark + 1);
  const safePath = redactPath(path, pattern);
  if (!query) return mark === -1 ? safePath : `${safePath}?`;
  const params = new URLSearchParams(query);
  let redacted = false;
  for (const [name, value] of [...params]) {
    const safe = SECRET_NAME.test(name) ? REDACTED : withoutTokens(value);
    if (safe !== value) {
      params.set(name, REDACTED);
      redacted = true;
    }
  }
  return `${safePath}?${redacted ? params : query}`;
}
