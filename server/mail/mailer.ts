/** One email: plain text, to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the product's mail (email codes, invitations). Two implementations: SMTP when `SMTP_URL` is set,
 * otherwise the local outbox (the log and `DATA_DIR/outbox.jsonl`), so `npm start` needs no mail server.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
