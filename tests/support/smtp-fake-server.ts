import { createServer, type Socket } from 'node:net';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** The address of MAIL FROM. */
  from: string;
  /** The addresses of RCPT TO. */
  to: string[];
  /** The message after DATA, dot-stuffing undone, lines joined by CRLF. */
  raw: string;
}

/** A header of a received message (unfolded), or undefined. */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const line = unfolded.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a received single-part text message, quoted-printable or base64 decoded. */
export function bodyOf(mail: ReceivedMail): string {
  const body = mail.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  const encoding = headerOf(mail, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

export interface SmtpFakeServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  /** Every command line the server read, in order (the message lines after DATA excluded). */
  commands: string[];
  /** When true, RCPT TO is refused with 550, as a server refuses an unknown mailbox. */
  refuseRecipients: boolean;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server (RFC 5321: EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT) on a free
 * local port, without TLS or authentication, that keeps what it receives for the test to read.
 */
export async function startSmtpFakeServer(): Promise<SmtpFakeServer> {
  const sockets = new Set<Socket>();
  const state: SmtpFakeServer = {
    url: '',
    received: [],
    commands: [],
    refuseRecipients: false,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = '';
    let envelope: { from: string | null; to: string[] } = { from: null, to: [] };
    let message: string[] | null = null;

    const onLine = (line: string) => {
      if (message) {
        if (line === '.') {
          state.received.push({ from: envelope.from ?? '', to: envelope.to, raw: message.join('\r\n') });
          message = null;
          envelope = { from: null, to: [] };
          reply('250 2.0.0 Ok: queued');
        } else {
          message.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      state.commands.push(line);
      const verb = line.split(' ')[0]?.toUpperCase() ?? '';
      const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
      if (verb === 'EHLO') {
        reply('250-localhost greets you');
        reply('250-8BITMIME');
        reply('250 SIZE 10485760');
      } else if (verb === 'HELO') {
        reply('250 localhost');
      } else if (/^MAIL FROM:/i.test(line)) {
        envelope = { from: address, to: [] };
        reply('250 2.1.0 Ok');
      } else if (/^RCPT TO:/i.test(line)) {
        if (envelope.from === null) reply('503 5.5.1 MAIL first');
        else if (state.refuseRecipients) reply('550 5.1.1 No such mailbox here');
        else {
          envelope.to.push(address);
          reply('250 2.1.5 Ok');
        }
      } else if (verb === 'DATA') {
        if (envelope.to.length === 0) reply('503 5.5.1 RCPT first');
        else {
          message = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        }
      } else if (verb === 'RSET') {
        envelope = { from: null, to: [] };
        reply('250 2.0.0 Ok');
      } else if (verb === 'NOOP') {
        reply('250 2.0.0 Ok');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else {
        reply('502 5.5.2 Command not recognised');
      }
    };

    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\r\n');
      while (end !== -1) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        onLine(line);
        end = buffered.indexOf('\r\n');
      }
    });
    reply('220 localhost ESMTP test server');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP test server has no port');
  state.url = `smtp://127.0.0.1:${address.port}`;
  return state;
}
