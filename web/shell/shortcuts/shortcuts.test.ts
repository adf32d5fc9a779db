import { describe, expect, it } from 'vitest';
import { rightsOf } from '../../test/signedIn';
import { HOTKEYS, shortcutSheet } from './shortcuts';

/** The `?` sheet lists a screen's go-to keys only to a role that may open that screen. */
const goRows = (role: Parameters<typeof rightsOf>[0]) =>
  shortcutSheet(false, rightsOf(role))
    .find((s) => s.title === 'Go to a screen')
    ?.rows.map((r) => r.description) ?? [];

describe('the shortcut sheet', () => {
  it('offers every screen to an admin, each behind g', () => {
    const rows = shortcutSheet(false, rightsOf('admin')).find((s) => s.title === 'Go to a screen')?.rows;
    expect(rows?.every((r) => r.keys[0] === HOTKEYS.go)).toBe(true);
    expect(goRows('admin')).toEqual(expect.arrayContaining(['Users', 'Outbox', 'Orders', 'Inquiries']));
  });

  it('leaves out the screens a role lacks the right to open', () => {
    expect(goRows('sales')).not.toContain('Users');
    expect(goRows('sales')).not.toContain('Outbox');
    expect(goRows('sales')).toEqual(expect.arrayContaining(['Products', 'Inquiries', 'Orders']));
    expect(goRows('editor')).not.toContain('Users');
    expect(goRows('viewer')).not.toContain('Integrations');
  });
});
