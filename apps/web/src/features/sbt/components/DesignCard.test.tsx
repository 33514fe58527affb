import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n } from '../../../testing/render';
import { DesignCard } from './DesignCard';

beforeAll(setUpI18n);

describe('DesignCard', () => {
  it('shows its name and a plain placeholder when the image fails to load', () => {
    const { container } = render(
      <DesignCard
        design={{ id: 'aurora', name: 'Aurora', url: '/ipfs/missing', description: 'Northern lights' }}
      />,
    );
    expect(screen.getByText('Aurora')).toBeInTheDocument();
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByText('Preview unavailable')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
