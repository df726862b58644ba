/** The site's one mailer for messages outside sign-in (moderation notices): SMTP_URL, or the local outbox. */
import { serverEnv } from '../env.ts';
import { createMailer, type SendMail } from './mailer.ts';

let mailer: SendMail | undefined;

export function siteMailer(): SendMail {
  if (!mailer) {
    const env = serverEnv();
    mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.SITE_NAME} <no-responder@${new URL(env.SITE_URL).hostname}>`,
      dataDir: env.DATA_DIR,
    });
  }
  return mailer;
}
