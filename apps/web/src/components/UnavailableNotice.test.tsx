import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { availability } from '../lib/api-client';
import { setUpI18n } from '../testing/render';

beforeAll(setUpI18n);

describe('UnavailableNotice', () => {
  it('says the portal is retrying while reads find it unavailable, and goes with the next answer', () => {
    render(
      <AppProviders>
        <p>My Assets</p>
      </AppProviders>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => availability.set(true));
    expect(screen.getByRole('status')).toHaveTextContent('The portal is temporarily unavailable. Retrying…');
    expect(screen.getByText('My Assets')).toBeInTheDocument();
    act(() => availability.set(false));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
