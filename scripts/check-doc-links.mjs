// Every link to the repository's own documents leads somewhere: a markdown link of a .md file
// (`[text](path)`, `[text](path#anchor)`, `[text](#anchor)`, `[label]: path`) names a file that
// exists, and a heading that file has; a reference such as docs/PRODUCT-RULES.md followed by
// `#anchor`, in a comment or text of a .ts, .tsx, .mjs, .sql or .md file, names a document that
// exists and one of its headings. Anchors follow GitHub's rules: the heading's text (inline code,
// links and emphasis as the reader sees them) in lower case, punctuation dropped, each space a
// hyphen, and "-1", "-2" after a repeated heading; an HTML `id` or `name` is an anchor too.
// Run by `npm run check`; `node scripts/check-doc-links.mjs <root>` checks another tree.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));

const SKIPPED = new Set(["node_modules", "dist", "data", "test-results", "playwright-report", "coverage"]);
const SCANNED = /\.(md|ts|tsx|mts|cts|js|jsx|mjs|cjs|sql)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && SCANNED.test(entry.name)) yield path;
  }
}

/** The lines of a markdown file outside fenced code blocks (others blank), so line numbers hold. */
function outsideFences(text) {
  let fence = null;
  return text.split("\n").map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) {
      fence = marker;
      return "";
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(line))
        fence = null;
      return "";
    }
    return line;
  });
}

/** A heading's anchor by GitHub's rules (github-slugger on the rendered text). */
function slugOf(heading) {
  const text = heading
    .replace(/<[^>]*>/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    // Emphasis marks outside code spans are not part of the text; inside them they are.
    .split(/(`+[^`]*`+)/)
    .map((part) =>
      part.startsWith("`")
        ? part.replace(/^`+|`+$/g, "")
        : part.replace(/[*~]/g, "").replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1"),
    )
    .join("")
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const anchorCache = new Map();
/** The anchors of a markdown file: its headings' slugs (repeats numbered) and HTML ids and names. */
function anchorsOf(file) {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  for (const line of outsideFences(readFileSync(file, "utf8"))) {
    const heading = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const base = slugOf(heading[1] ?? "");
      let slug = base;
      while (anchors.has(slug)) {
        seen.set(base, (seen.get(base) ?? 0) + 1);
        slug = `${base}-${seen.get(base)}`;
      }
      anchors.add(slug);
    }
    for (const html of line.matchAll(/<[a-zA-Z][^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/g))
      anchors.add(html[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

const lineOf = (text, index) => text.slice(0, index).split("\n").length;
const isFile = (path) => existsSync(path) && statSync(path).isFile();

// `[text](target "title")`, `[text](<target>)` and reference definitions `[label]: target`.
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm;
// A path ending in .md, then # and an anchor, not inside a longer path or a URL.
const DOC_REFERENCE = /(?<![\w/.:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)#([\p{L}\p{N}_-]+)/gu;

const problems = new Set();
function report(file, text, index, message) {
  problems.add(`${relative(root, file)}:${lineOf(text, index)}: ${message}`);
}

/** Checks one link: the document exists (when it is one) and has the anchor. */
function checkTarget(file, text, index, shown, document, anchor) {
  if (document === undefined) {
    report(file, text, index, `${shown}: no such file`);
    return;
  }
  if (anchor === undefined || !document.endsWith(".md")) return;
  const anchors = anchorsOf(document);
  if (anchors.has(decodeURIComponent(anchor))) return;
  const near = [...anchors].filter((a) => anchor && (a.startsWith(anchor) || anchor.startsWith(a)));
  report(
    file,
    text,
    index,
    `${shown}: ${relative(root, document)} has no heading "#${anchor}"${near.length ? ` (did you mean ${near.map((a) => `#${a}`).join(", ")}?)` : ""}`,
  );
}

for (const file of files(root)) {
  const text = readFileSync(file, "utf8");
  /** Where the markdown links are, so that their targets are not checked again as references. */
  const links = [];
  if (file.endsWith(".md")) {
    const visible = outsideFences(text).join("\n");
    for (const match of visible.matchAll(MARKDOWN_LINK)) {
      links.push([match.index, match.index + match[0].length]);
      const target = match[1] ?? match[2] ?? "";
      // Other sites, mail, and empty links are not the repository's documents.
      if (target === "" || /^[a-zA-Z][a-zA-Z0-9+.-]*:|^\/\//.test(target)) continue;
      const hash = target.indexOf("#");
      const path = (hash < 0 ? target : target.slice(0, hash)).split("?")[0];
      const anchor = hash < 0 ? undefined : target.slice(hash + 1);
      const document =
        path === "" ? file : resolve(path.startsWith("/") ? root : dirname(file), `.${sep}${path}`);
      checkTarget(
        file,
        text,
        match.index,
        `link "${target}"`,
        existsSync(document) ? document : undefined,
        anchor,
      );
    }
  }
  for (const match of text.matchAll(DOC_REFERENCE)) {
    if (links.some(([start, end]) => match.index >= start && match.index < end)) continue;
    const [shown, path, anchor] = match;
    // docs/… from the repository's root, as comments cite them; a relative one from the file.
    const document = [resolve(root, path), resolve(dirname(file), path)].find(isFile);
    checkTarget(file, text, match.index, shown, document, anchor);
  }
}

if (problems.size > 0) {
  console.error([...problems].join("\n"));
  console.error(
    "Links to the repository's documents must name an existing file and heading (GitHub's anchors: the heading in lower case, punctuation dropped, spaces as hyphens).",
  );
  process.exit(1);
}
