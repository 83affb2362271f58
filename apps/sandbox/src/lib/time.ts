const DAY_SECONDS = 86_400;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

/** True when the runtime knows the IANA zone name (what the providers accept as `timezone`). */
export function isValidTimezone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  date: string;
  time: string;
  seconds: string;
  offsetMinutes: number;
}

/** Wall-clock parts of an epoch second in a zone, with the zone's offset at that moment. */
export function localParts(epochSeconds: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochSeconds * 1000))) {
    parts[part.type] = part.value;
  }
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    seconds: parts.second ?? "00",
    offsetMinutes: Math.round((asUtc - epochSeconds) / 60),
  };
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${sign}${hh}:${mm}`;
}

/** "2026-11-22T19:45:00+01:00", the providers' date format. */
export function isoWithOffset(epochSeconds: number, timeZone: string): string {
  const local = localParts(epochSeconds, timeZone);
  return `${local.date}T${local.time}:${local.seconds}${formatOffset(local.offsetMinutes)}`;
}

/** Days since 1970-01-01 for a strict YYYY-MM-DD text, or null when it is not a real date. */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return Math.floor(ms / 1000 / DAY_SECONDS);
}

export function dayToIso(day: number): string {
  return new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

export function dayStartSeconds(day: number): number {
  return day * DAY_SECONDS;
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function todayIn(now: Date, timeZone: string): string {
  return localParts(Math.floor(now.getTime() / 1000), timeZone).date;
}
