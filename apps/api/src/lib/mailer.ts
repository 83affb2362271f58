import type { FastifyBaseLogger } from "fastify";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer; with no SMTP_URL the mail is written to the server log (development). */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.log.warn({ mail }, "SMTP_URL is not set: mail written to the log instead of being sent");
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // Loaded at the first mail rather than at start-up (about 0.05 s of every start).
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      if (!transport) {
        transport = import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        transport.catch(() => {
          transport = undefined; // tried again at the next mail
        });
      }
      await (await transport).sendMail({ from: options.from, ...mail });
    },
  };
}
