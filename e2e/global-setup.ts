import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { mailboxFile } from './support/mailbox.js';
import { smtpPort } from './servers.js';

/** A real SMTP peer on loopback for the e2e servers' mail; every message lands in the mailbox file. */
export default async function globalSetup() {
  fs.rmSync(mailboxFile, { force: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const [folded = '', ...body] = raw.split(/\r?\n\r?\n/);
        // A long header goes on over lines that start with white space (RFC 5322 folding).
        const head = folded.replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeWords(/^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '');
        const text = decodeBody(head, body.join('\n\n'));
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          receivedAt: new Date().toISOString(),
        };
        fs.appendFileSync(mailboxFile, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** Undoes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`): how a subject carries ₦ or Ọ. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Undoes quoted-printable (nodemailer's choice for long lines); plain 7bit text passes through. */
function decodeBody(head: string, body: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
