import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a loopback port for the app's own mailer to deliver to: every message it
 * takes, parsed, in `received`. Give `url` to the app as SMTP_URL.
 */
export async function startSmtp() {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages sent to an address (its address anywhere in To). */
    to: (address: string) => received.filter((m) => JSON.stringify(m.to ?? '').includes(address)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
