import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { latestMailTo, resetLinkIn, startSmtpPeer, waitUntilSent } from '../support/mail.js';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link out of a text part. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const requestReset = (server: TestServer, email: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/onboarding/forgot-password', payload: { email } });

describe('reset mail through SMTP_URL', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: TestServer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await createTestServer({
      SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
      MAIL_FROM: 'iPos <no-reply@ipos.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await peer.close();
  });

  it('delivers the reset mail to the SMTP server and marks the outbox row sent', async () => {
    const res = await requestReset(server, DEMO.cashier);
    expect(res.statusCode).toBe(202);

    const queued = await latestMailTo(server, DEMO.cashier);
    expect(queued).toBeDefined();
    const sent = await waitUntilSent(server, queued!.id);
    expect(sent.error).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);

    expect(peer.received).toHaveLength(1);
    const [message] = peer.received;
    expect(message!.from).toBe('no-reply@ipos.test');
    expect(message!.to).toEqual([DEMO.cashier]);
    expect(message!.raw).toMatch(/^Subject: Reset your iPos password/m);
    // The delivered text carries the same single-use link as the outbox row.
    const { link } = resetLinkIn(queued);
    expect(decodeQuotedPrintable(message!.raw)).toContain(link);
  });

  it('sends nothing for an unknown address', async () => {
    const before = peer.received.length;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/forgot-password',
      payload: { email: 'ghost@demo.ipos.test' },
    });
    expect(res.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(peer.received.length).toBe(before);
  });
});

describe('reset mail when the SMTP server is down', () => {
  let server: TestServer;

  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const gone = await startSmtpPeer();
    await gone.close();
    server = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${gone.port}` });
  });
  afterAll(() => server.close());

  it('still answers 202 and keeps the mail queued with the delivery error', async () => {
    const res = await requestReset(server, DEMO.cashier);
    expect(res.statusCode).toBe(202);
    const queued = await latestMailTo(server, DEMO.cashier);
    expect(queued).toBeDefined();
    let row = queued!;
    for (let i = 0; i < 200 && !row.error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      row = (await latestMailTo(server, DEMO.cashier))!;
    }
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.sentAt).toBeNull();
  });
});
