import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Mail through an SMTP server (`SMTP_URL`, e.g. `smtp://user:password@smtp.example.com:587`). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Bounded waits: a mail server that hangs must not hold a sign-up for minutes.
    this.transport = createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}
