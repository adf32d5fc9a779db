import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { exportingText } from '../components/ExportButton';
import { api } from './client';
import { downloadFile, fileNameFrom } from './download';
import { errorMessage } from './errors';

describe('downloads', () => {
  const originalAdapter = api.defaults.adapter;
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
  });

  it('names the file from Content-Disposition, never with a folder in it', () => {
    expect(fileNameFrom('attachment; filename="discounts-2026-11-25.csv"', 'x.csv')).toBe(
      'discounts-2026-11-25.csv',
    );
    expect(
      fileNameFrom('attachment; filename="a.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv', 'x.csv'),
    ).toBe('résumé.csv');
    expect(fileNameFrom('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('.._.._etc_passwd');
    expect(fileNameFrom(undefined, 'inquiries.csv')).toBe('inquiries.csv');
    expect(fileNameFrom('attachment', 'inquiries.csv')).toBe('inquiries.csv');
  });

  it('fetches with the bearer token and the filters, and saves the blob under its name', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-7');
    let seen: InternalAxiosRequestConfig | undefined;
    api.defaults.adapter = async (config) => {
      seen = config;
      config.onDownloadProgress?.({ loaded: 2048, bytes: 2048, lengthComputable: false });
      const headers = new AxiosHeaders({ 'content-disposition': 'attachment; filename="d.csv"' });
      return { status: 200, statusText: 'OK', data: new Blob(['id\n1\n']), headers, config };
    };
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('d.csv');
      expect(this.getAttribute('href')).toBe('blob:x');
    });
    const progress = vi.fn();
    await downloadFile('/discounts/export.csv', { state: 'live' }, 'discounts.csv', progress);
    expect(String(seen?.headers.get('Authorization'))).toBe('Bearer tok-7');
    expect(seen?.params).toEqual({ state: 'live' });
    expect(seen?.responseType).toBe('blob');
    expect(progress).toHaveBeenCalledWith(2048);
    expect(click).toHaveBeenCalledOnce();
    expect(created).toHaveBeenCalledOnce();
  });

  it("reads the server's error out of a failed download's blob", async () => {
    api.defaults.adapter = async (config) => {
      const body = new Blob([JSON.stringify({ error: 'state must be one of: live' })]);
      const response = { status: 400, statusText: '400', data: body, headers: new AxiosHeaders(), config };
      throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
    };
    const failure = await downloadFile('/discounts/export.csv', {}, 'd.csv').catch((e: unknown) => e);
    expect(errorMessage(failure, 'Export failed')).toBe('state must be one of: live');
  });

  it('counts what has arrived on the button', () => {
    expect(exportingText(0)).toBe('Exporting…');
    expect(exportingText(300)).toBe('Exporting… 1 KB');
    expect(exportingText(5 * 1024 * 1024 + 200_000)).toBe('Exporting… 5.2 MB');
  });
});
