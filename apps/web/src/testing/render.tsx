import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { initI18n } from '../i18n/i18n';

let ready: Promise<void> | undefined;

/** i18next in English, once per test file. */
export function setUpI18n(): Promise<void> {
  ready ??= initI18n();
  return ready;
}

function CurrentPath() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="current-path">{pathname + search + hash}</output>;
}

/** Renders `element` at `path` inside the app's providers, with stand-ins for the other pages. */
export function renderAt(path: string, element: ReactElement, routePath = path.split('?')[0]!) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
}

export interface FetchCall {
  path: string;
  method: string;
  body: unknown;
}

/** Replaces fetch; `answer` decides each response from the path. */
export function stubFetch(answer: (path: string, body: unknown) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, method: init.method ?? 'GET', body });
    return answer(path, body);
  }) as typeof fetch;
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
