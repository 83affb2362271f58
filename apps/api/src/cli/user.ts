import { parseArgs } from "node:util";
import {
  MEMBER_LEVELS,
  type MemberLevel,
  memberLevelSchema,
  SITES,
  type Site,
  siteSchema,
} from "@backoffice/contracts";
import { migrate } from "@backoffice/db";
import pino from "pino";
import { openServices } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { generatePassword, hashPassword } from "../lib/crypto.ts";
import { shareAccessChange } from "../lib/live.ts";
import { sessionsRepository, usersRepository } from "../routes/auth/repository.ts";
import { teamRepository } from "../routes/team/repository.ts";

const USAGE = `Usage:
  npm run user -- create --email EMAIL [--password PASSWORD] [--role admin|editor]
                 [--level owner|editor|viewer] [--sites all|apkw,sportbn,movies]
      (repeat these options to create several accounts with one opening of the database;
       the level is owner and the sites all unless given; an Owner always has every site)
  npm run user -- reset --email EMAIL [--password PASSWORD]
  npm run user -- disable --email EMAIL...   (signs out all of its sessions)
  npm run user -- enable --email EMAIL...
  npm run user -- list                       (email, role, level, sites, status, created)
A missing password is generated and printed once. The last active Owner cannot be disabled.
Stop the server first when using the embedded database.`;

const COMMANDS = ["create", "reset", "list", "disable", "enable"];

/** `--sites`: "all" (null, every site) or a comma list of sites. */
function sitesOf(value: string | undefined, level: MemberLevel): Site[] | null {
  if (value === undefined || value === "all") return null;
  if (level === "owner")
    throw new Error("An Owner has every site: leave out --sites or give another --level.");
  const sites = value.split(",").map((site) => site.trim());
  const wrong = sites.filter((site) => !siteSchema.safeParse(site).success);
  if (wrong.length || !sites.length)
    throw new Error(`--sites must be all or a comma list of ${SITES.join(", ")} (not ${wrong.join(", ")}).`);
  return [...new Set(sites as Site[])];
}

function levelOf(value: string | undefined): MemberLevel {
  const parsed = memberLevelSchema.safeParse(value ?? "owner");
  if (!parsed.success) throw new Error(`--level must be one of ${MEMBER_LEVELS.join(", ")}.`);
  return parsed.data;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string", multiple: true, default: [] },
      password: { type: "string", multiple: true, default: [] },
      role: { type: "string", multiple: true, default: [] },
      level: { type: "string", multiple: true, default: [] },
      sites: { type: "string", multiple: true, default: [] },
    },
  });
  const command = positionals[0];
  if (!command || !COMMANDS.includes(command)) throw new Error(USAGE);
  const emails = values.email;
  if (command !== "list" && (!emails.length || !emails.every((email) => email.includes("@"))))
    throw new Error(`--email is required.\n${USAGE}`);
  if (command === "reset" && emails.length > 1) throw new Error(`reset takes one --email.\n${USAGE}`);
  if (
    [values.password, values.role, values.level, values.sites].some((given) => given.length > emails.length)
  )
    throw new Error(`Give at most one --password, --role, --level and --sites per --email.\n${USAGE}`);
  if (values.password.some((password) => password.length < 8))
    throw new Error("--password must be at least 8 characters");
  // Checked before the database opens, so a typo costs nothing.
  const access = emails.map((_, index) => {
    const level = levelOf(values.level[index]);
    return { level, sites: sitesOf(values.sites[index], level) };
  });
  const config = loadConfig();
  const services = await openServices(config, pino({ level: "warn" }));
  try {
    await migrate(services.db, "api");
    const users = usersRepository(services.db);
    const shared = { db: services.db, databaseUrl: config.DATABASE_URL, redis: services.redis };
    const endStreams = async (userId: string) => {
      if (!(await shareAccessChange(shared, { userId })))
        console.log("The running servers could not be told: its open live streams end within a heartbeat.");
    };
    if (command === "list") {
      for (const user of await users.list())
        console.log(
          [
            user.email,
            user.role,
            user.level,
            user.sites?.join(",") ?? "all",
            user.disabled_at ? "disabled" : "active",
            user.created_at.toISOString(),
          ].join("\t"),
        );
      return;
    }
    for (const [index, email] of emails.entries()) {
      const existing = await users.findByEmail(email);
      if (command === "create" && existing) throw new Error(`A user with the email ${email} already exists.`);
      if (command !== "create" && !existing) throw new Error(`No user with the email ${email}.`);
      if (command === "disable" || command === "enable") {
        const disable = command === "disable";
        await services.db.transaction(async (tx) => {
          const team = teamRepository(tx);
          if (disable && existing!.level === "owner") await team.keepAnOwner(existing!.id);
          await team.setDisabled(existing!.id, disable);
          if (disable) await team.endSessions(existing!.id);
        });
        // The running instances end the member's live streams at once (lib/live.ts).
        if (disable) await endStreams(existing!.id);
        console.log(disable ? `Disabled ${email}; all of its sessions are signed out.` : `Enabled ${email}.`);
        continue;
      }
      const given = values.password[index];
      const password = given ?? generatePassword();
      const passwordHash = await hashPassword(password);
      if (command === "create") {
        const role = values.role[index] ?? "admin";
        const { level, sites } = access[index]!;
        const user = await users.create({ email, passwordHash, role });
        await teamRepository(services.db).setAccess(user.id, level, sites);
        console.log(`Created ${role} ${email}: ${level} of ${sites?.join(", ") ?? "every site"}.`);
      } else {
        await users.update(existing!.id, { passwordHash });
        await sessionsRepository(services.db).revokeAllOf(existing!.id);
        await endStreams(existing!.id);
        console.log(`Password of ${email} reset; all of its sessions are signed out.`);
      }
      if (!given) console.log(`Password: ${password}`);
    }
  } finally {
    await services.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
