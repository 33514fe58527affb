export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port: accepts a message for delivery. */
export interface MailPort {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Waits for messages still being delivered (shutdown). */
  drain?(): Promise<void>;
}
