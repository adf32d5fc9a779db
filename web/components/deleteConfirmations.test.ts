import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS } from '#domain/constants';
import { HISTORY_LIMITS, HISTORY_TEXT } from '#domain/history';
import { CONFIRM } from '#domain/messages';
import { PRODUCT_CONFIRM } from '#domain/products';
import { ROLE_SCREEN_TEXT } from '#domain/roles';

const trashed = `moved to the trash for ${HISTORY_LIMITS.trashDays} days`;

describe('every delete confirmation says what will happen', () => {
  it('the trash keeps things for the one retention the purge uses', () => {
    expect(HISTORY_LIMITS.trashDays).toBe(TRASH_RETENTION_DAYS);
  });

  it('what goes to the trash says so, with its days, and never that it cannot be undone', () => {
    for (const text of [
      PRODUCT_CONFIRM.deleteText,
      CONFIRM.deleteProducts,
      CONFIRM.deleteCategory('Chairs'),
      CONFIRM.deleteBrand('Acme'),
      CONFIRM.deleteDiscount('Spring sale'),
      CONFIRM.deleteInquiry,
    ]) {
      expect(text).toContain(trashed);
      expect(text).not.toMatch(/cannot be undone|for good|forever/i);
    }
  });

  it('what is not trashed says it is deleted for good', () => {
    for (const text of [
      CONFIRM.deleteUser('Ann'),
      HISTORY_TEXT.purgeConfirm('Chairs'),
      HISTORY_TEXT.emptyTrashConfirm(3),
      PRODUCT_CONFIRM.deleteImageText,
      CONFIRM.deleteQuoteDraft,
      ROLE_SCREEN_TEXT.deleteConfirm('Packers'),
    ]) {
      expect(text).toMatch(/for good/);
      expect(text).not.toMatch(/moved to the trash/);
    }
    expect(HISTORY_TEXT.emptyTrashConfirm(3)).toContain('3 items');
  });

  it("no screen asks with the browser's confirm(): they use the app's dialog", () => {
    const root = path.resolve(__dirname, '..');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /\bconfirm\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
