import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunkError';

describe('isChunkLoadError', () => {
  it('knows each browser’s words for a module that failed to load', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/BrandsPage-abc.js', // Chromium
      'Importing a module script failed.', // Safari
      'error loading dynamically imported module: https://x/assets/BrandsPage-abc.js', // Firefox
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    const webpackStyle = new Error('Loading chunk 7 failed.');
    webpackStyle.name = 'ChunkLoadError';
    expect(isChunkLoadError(webpackStyle)).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isChunkLoadError(new Error('broken build'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
