import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-mail-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('mail configuration', () => {
  it('sends nothing by default, from the company name at localhost', () => {
    expect(load({}).mail).toEqual({
      smtpUrl: undefined,
      from: '"Stockroom" <no-reply@localhost>',
      notifyEmail: undefined,
    });
    expect(load({ COMPANY_NAME: 'Acme "Racks" \\ Co' }).mail.from).toBe(
      '"Acme \\"Racks\\" \\\\ Co" <no-reply@localhost>',
    );
  });

  it('takes an SMTP URL, a From and a notification address', () => {
    expect(
      load({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        MAIL_FROM: 'Acme <quotes@acme.example>',
        NOTIFY_EMAIL: 'Sales@Acme.example',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Acme <quotes@acme.example>',
      notifyEmail: 'sales@acme.example',
    });
    // Empty means unset, as everywhere in .env.
    expect(load({ SMTP_URL: '', MAIL_FROM: '', NOTIFY_EMAIL: '' }).mail.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL: must be an SMTP URL/],
    [{ SMTP_URL: 'smtp://' }, /SMTP_URL/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM: must be an address/],
    [{ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' }, /MAIL_FROM/],
    [{ NOTIFY_EMAIL: 'not-an-address' }, /NOTIFY_EMAIL: must be an e-mail address/],
  ])('refuses %o at start', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
