// Mantine reads these browser APIs, which jsdom does not implement (engineering guide §2 pitfalls).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// jsdom has no CSS.escape (used to find a form field by its data-path).
if (!globalThis.CSS?.escape) {
  globalThis.CSS = { ...globalThis.CSS, escape: (value: string) => value.replace(/["\\]/g, "\\$&") } as typeof CSS;
}

// The web's test files share one jsdom per worker (vitest.config.ts): each starts with empty storage, as it would in a
// window of its own. (A file that stores something before its modules load runs isolated: vi.hoisted.)
localStorage.clear();
sessionStorage.clear();
