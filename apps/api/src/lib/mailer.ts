import { framed } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** True when mail really leaves through SMTP (replies from the dashboard need it). */
  readonly smtp: boolean;
  /** The sender of every mail (MAIL_FROM). */
  readonly from: string;
}

/**
 * SMTP through nodemailer. With no SMTP_URL (development) the mail is printed to the terminal as a
 * framed block a person can read (a reset code among the logs), and the log says only to whom: the
 * code stays out of log storage.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  print?: (text: string) => void;
}): Mailer {
  if (!options.smtpUrl) {
    const print = options.print ?? ((text: string) => process.stdout.write(text));
    return {
      smtp: false,
      from: options.from,
      async send(mail) {
        options.log.warn(
          { to: mail.to, subject: mail.subject },
          "SMTP_URL is not set: mail printed to the terminal instead of being sent",
        );
        print(
          framed(
            `Mail to ${mail.to} (not sent: SMTP_URL is not set)\nSubject: ${mail.subject}\n\n${mail.text}`,
          ),
        );
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // Loaded at the first mail rather than at start-up (about 0.05 s of every start).
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return {
    smtp: true,
    from: options.from,
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
