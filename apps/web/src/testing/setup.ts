import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { takeFakeApiViolations } from './fake-api';

// jsdom has no layout, so no ResizeObserver; Radix measures some parts with one (switch thumbs,
// select content). Nothing is ever resized here, so it never reports.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The first render of a route loads its lazy module; on a busy two-core machine that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
  // A fake that answered with a shape the server never sends fails the test that faked it (after
  // the cleanup, so the next test starts from an empty page all the same).
  const violations = takeFakeApiViolations();
  if (violations.length) throw new Error(violations.join('\n\n'));
});
