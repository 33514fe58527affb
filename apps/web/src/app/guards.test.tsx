import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearSession, storeSession } from '../lib/auth-storage';
import { GuestOnly, HomeRedirect, RequireAuth } from './guards';

function renderRoutes(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route index element={<HomeRedirect />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<p>sign-in page</p>} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<p>dashboard page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const signIn = () => storeSession({ token: 'cookie_session', user: { email: 'a@b.co', role: 'INVESTOR' } });

describe('route guards (docs/product.md §2.1)', () => {
  it('/ goes to /login signed out', () => {
    renderRoutes('/');
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });

  it('/ and /login go to /dashboard signed in', () => {
    signIn();
    renderRoutes('/');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('re-evaluates on authChange: signing in leaves /login, signing out leaves /dashboard', () => {
    renderRoutes('/login');
    act(signIn);
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    act(clearSession);
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });

  it('re-evaluates on storage events from other tabs', () => {
    signIn();
    renderRoutes('/');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    act(() => {
      localStorage.removeItem('authToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });
});
