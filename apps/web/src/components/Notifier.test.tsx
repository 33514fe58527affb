import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotifierProvider, useNotify } from './Notifier';

function Trigger({ message }: { message: string }) {
  const notify = useNotify();
  return <button onClick={() => notify(message, 'error')}>go</button>;
}

describe('Notifier', () => {
  it('shows the message as an alert, the newest replacing the previous one', async () => {
    render(
      <NotifierProvider>
        <Trigger message="SBT created successfully!" />
      </NotifierProvider>,
    );
    act(() => screen.getByText('go').click());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('SBT created successfully!');
    // Never over a dialog's actions, which sit at its bottom.
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });
});
