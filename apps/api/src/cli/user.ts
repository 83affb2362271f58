import { parseArgs } from "node:util";
import { migrate } from "@backoffice/db";
import pino from "pino";
import { openServices } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { generatePassword, hashPassword } from "../lib/crypto.ts";
import { sessionsRepository, usersRepository } from "../routes/auth/repository.ts";

const USAGE = `Usage:
  npm run user -- create --email EMAIL [--password PASSWORD] [--role admin|editor]
  npm run user -- reset --email EMAIL [--password PASSWORD]
  npm run user -- list
A missing password is generated and printed once. Stop the server first when using the embedded database.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string", default: "admin" },
    },
  });
  const command = positionals[0];
  if (!command || !["create", "reset", "list"].includes(command)) throw new Error(USAGE);
  if (command !== "list" && !values.email?.includes("@")) throw new Error(`--email is required.\n${USAGE}`);
  if (values.password !== undefined && values.password.length < 8)
    throw new Error("--password must be at least 8 characters");
  const config = loadConfig();
  const services = await openServices(config, pino({ level: "warn" }));
  try {
    await migrate(services.db, "api");
    const users = usersRepository(services.db);
    if (command === "list") {
      for (const user of await users.list())
        console.log(`${user.email}\t${user.role}\t${user.created_at.toISOString()}`);
      return;
    }
    const email = values.email!;
    const password = values.password ?? generatePassword();
    const passwordHash = await hashPassword(password);
    const existing = await users.findByEmail(email);
    if (command === "create") {
      if (existing) throw new Error(`A user with the email ${email} already exists.`);
      await users.create({ email, passwordHash, role: values.role! });
      console.log(`Created ${values.role} ${email}.`);
    } else {
      if (!existing) throw new Error(`No user with the email ${email}.`);
      await users.update(existing.id, { passwordHash });
      await sessionsRepository(services.db).revokeAllOf(existing.id);
      console.log(`Password of ${email} reset; all of its sessions are signed out.`);
    }
    if (!values.password) console.log(`Password: ${password}`);
  } finally {
    await services.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
