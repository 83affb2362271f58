import { parseArgs } from "node:util";
import { migrate } from "@backoffice/db";
import pino from "pino";
import { openServices } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { generatePassword, hashPassword } from "../lib/crypto.ts";
import { sessionsRepository, usersRepository } from "../routes/auth/repository.ts";

const USAGE = `Usage:
  npm run user -- create --email EMAIL [--password PASSWORD] [--role admin|editor]
      (repeat the three options to create several accounts with one opening of the database)
  npm run user -- reset --email EMAIL [--password PASSWORD]
  npm run user -- list
A missing password is generated and printed once. Stop the server first when using the embedded database.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string", multiple: true, default: [] },
      password: { type: "string", multiple: true, default: [] },
      role: { type: "string", multiple: true, default: [] },
    },
  });
  const command = positionals[0];
  if (!command || !["create", "reset", "list"].includes(command)) throw new Error(USAGE);
  const emails = values.email;
  if (command !== "list" && (!emails.length || !emails.every((email) => email.includes("@"))))
    throw new Error(`--email is required.\n${USAGE}`);
  if (command === "reset" && emails.length > 1) throw new Error(`reset takes one --email.\n${USAGE}`);
  if (values.password.length > emails.length || values.role.length > emails.length)
    throw new Error(`Give at most one --password and one --role per --email.\n${USAGE}`);
  if (values.password.some((password) => password.length < 8))
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
    for (const [index, email] of emails.entries()) {
      const given = values.password[index];
      const password = given ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const existing = await users.findByEmail(email);
      if (command === "create") {
        const role = values.role[index] ?? "admin";
        if (existing) throw new Error(`A user with the email ${email} already exists.`);
        await users.create({ email, passwordHash, role });
        console.log(`Created ${role} ${email}.`);
      } else {
        if (!existing) throw new Error(`No user with the email ${email}.`);
        await users.update(existing.id, { passwordHash });
        await sessionsRepository(services.db).revokeAllOf(existing.id);
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
