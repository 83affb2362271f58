/**
 * Browser and system of a User-Agent header, for the sessions list (docs/PRODUCT-RULES.md#sessions).
 * A few ordered patterns, not a full parser: the order matters because most browsers also name the
 * engines they descend from (Edge says Chrome and Safari, Chrome says Safari).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/(?:\b|Headless)Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/\bcurl\/(\d+)/, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  const text = userAgent ?? "";
  let browser = "Unknown browser";
  for (const [pattern, name] of BROWSERS) {
    const match = text.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? "Unknown system";
  return { browser, system };
}
