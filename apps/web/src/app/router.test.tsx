import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_LOADING_DELAY_MS } from '../components/PageLoading';
import type * as I18n from '../i18n/i18n';
import { setUpI18n } from '../testing/render';

// Every page but the sign-in page waits for the whole English catalogue: here it never arrives,
// so the page stays loading.
vi.mock('../i18n/i18n', async (original) => ({
  ...(await original<typeof I18n>()),
  loadEnglish: () => new Promise<void>(() => {}),
}));

const { AppRoutes } = await import('./router');

beforeAll(setUpI18n);

describe('a page whose code is still loading', () => {
  it('says Loading… after a short wait instead of leaving the window blank', async () => {
    vi.useFakeTimers();
    try {
      render(
        <MemoryRouter initialEntries={['/register']}>
          <AppRoutes />
        </MemoryRouter>,
      );
      expect(screen.queryByRole('status')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(PAGE_LOADING_DELAY_MS));
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    } finally {
      vi.useRealTimers();
    }
  });
});
