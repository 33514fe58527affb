import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A loaded two-core CI machine can take over a second to render a lazy component: wait up to 5 s
// before a findBy/waitFor fails (a real failure still fails, only later).
configure({ asyncUtilTimeout: 5000 });

const realFetch = globalThis.fetch;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.fetch = realFetch;
});
