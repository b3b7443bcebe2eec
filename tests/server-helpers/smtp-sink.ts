// A real SMTP server on 127.0.0.1 (random port) that keeps every message, for tests of code that
// sends mail through SMTP_URL. No AUTH, no STARTTLS: nodemailer then sends plainly.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain body, transfer-decoded. */
  text: string;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>: pass it as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within timeoutMs) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
    return bytes.toString('utf8');
  }
  return body;
}

function decodeHeaderWords(v: string): string {
  return v.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _cs: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'));
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const sep = part.search(/\r?\n\r?\n/);
  const head = sep === -1 ? part : part.slice(0, sep);
  const body = sep === -1 ? '' : part.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** Minimal MIME reading: the first text/plain part of a (possibly multipart) message. */
export function parseMail(raw: string): { subject: string; text: string } {
  const top = splitPart(raw);
  const subject = decodeHeaderWords(top.headers.subject ?? '');
  let part = top;
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const parts = top.body.split(`--${boundary}`).slice(1).map(splitPart);
    part = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain')) ?? part;
  }
  const text = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit').replace(/\r\n/g, '\n').trimEnd();
  return { subject, text };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(raw), raw });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => { waiters.delete(check); reject(new Error('smtp-sink: no matching mail arrived')); }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
