import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks these browser APIs; Mantine reads them on mount.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// Mantine's combobox scrolls the active option into view on arrow keys.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Mantine's autosizing Textarea sizes itself again once web fonts have loaded.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// react-hot-toast's styles (goober) go into the style element with id _goober, which a browser
// hands out as window._goober; jsdom does not, so without this each new rule got a style element
// of its own, and every getComputedStyle (Testing Library's role queries, user-event's checks)
// read them all.
if (!document.getElementById('_goober')) {
  const sheet = Object.assign(document.head.appendChild(document.createElement('style')), {
    innerHTML: ' ',
    id: '_goober',
  });
  Object.defineProperty(window, '_goober', { value: sheet, configurable: true });
}

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
