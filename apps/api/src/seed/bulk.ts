import { randomBytes } from "node:crypto";
import type { Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";

/** Generated inbox rows for load tests (`npm run seed`): made by the database itself, a chunk per statement. */
export interface BulkRows {
  table: "email_subscriptions" | "contact_messages";
  site: Site;
  count: number;
  /** The rows are spread evenly over this many days up to now; the last row is the newest. */
  days: number;
}

const CHUNK = 50_000;

// Row g of N is made (N - g) / N of the span ago; its id starts with that second in hex like every id
// (packages/db newId), then a mark of this run (so a second run cannot collide) and the row number.
const idAndTime = (run: string, now: number, span: number) => `
  lpad(to_hex(${now} - (($1::bigint - g) * ${span} / $1::bigint)), 8, '0') || '${run}' || lpad(to_hex(g), 10, '0'),
  to_timestamp(${now} - (($1::bigint - g) * ${span} / $1::bigint))`;

// Three in ten at gmail.com, as in a real list, so a search of "gmail" has its common case.
const DOMAINS = `(array['gmail.com','example.com','yahoo.com','outlook.com','gmail.com','hotmail.com',
  'proton.me','gmail.com','icloud.com','example.org'])[1 + g % 10]`;

const columns = {
  email_subscriptions: (site: Site, run: string) => ({
    names: "site, email, url",
    values: `'${site}', 'reader' || g || '.${run}@' || ${DOMAINS},
      case when g % 3 = 0 then null else 'https://${site}.example/page-' || (g % 500) end`,
  }),
  contact_messages: (site: Site, run: string) => ({
    names: "site, email, first_name, last_name, subject, message, page",
    values: `'${site}', 'viewer' || g || '.${run}@' || ${DOMAINS},
      (array['Ana','Ben','Chloé','Dmitri','Emma','Farid','Grace','Hugo'])[1 + g % 8],
      (array['Silva','Okafor','Martin','Ivanova','Brown','Haddad','Lee','Moreau'])[1 + g % 8],
      (array['Broken link','Subtitle request','Wrong poster','Playback issue','Partnership'])[1 + g % 5],
      'Message number ' || g || ': the page does not load on my phone, could you check it?',
      case when g % 4 = 0 then null else '/movie/' || (g % 900) end`,
  }),
};

/** Inserts the rows; `progress` hears the number stored so far after each chunk. */
export async function insertBulkRows(
  db: Queryable,
  rows: BulkRows,
  progress: (stored: number) => void = () => {},
) {
  // Only our own values reach the SQL text: a site key, whole numbers and a hex mark.
  const run = randomBytes(3).toString("hex");
  const now = Math.floor(Date.now() / 1000);
  const span = Math.round(rows.days * 86_400);
  const { names, values } = columns[rows.table](rows.site, run);
  for (let first = 1; first <= rows.count; first += CHUNK) {
    const last = Math.min(rows.count, first + CHUNK - 1);
    await db.query(
      `insert into ${rows.table} (id, created_at, ${names})
       select ${idAndTime(run, now, span)}, ${values} from generate_series(${first}, ${last}) as g`,
      [rows.count],
    );
    progress(last);
  }
}
