import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppButton } from './AppButton';
import { TextInput } from './TextInput';

describe('shared controls (docs/product.md §2.17)', () => {
  it('a loading button is disabled and shows a spinner', () => {
    const { rerender } = render(<AppButton>Save</AppButton>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<AppButton loading>Save</AppButton>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('buttons come in variants and sizes, and can be links', () => {
    render(
      <MemoryRouter>
        <AppButton variant="outline" size="sm">
          Outline
        </AppButton>
        <AppButton variant="danger" size="lg">
          Danger
        </AppButton>
        <AppButton to="/dashboard">Go</AppButton>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Outline' })).toHaveClass(
      'MuiButton-outlined',
      'MuiButton-sizeSmall',
    );
    expect(screen.getByRole('button', { name: 'Danger' })).toHaveClass(
      'MuiButton-colorError',
      'MuiButton-sizeLarge',
    );
    expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute('href', '/dashboard');
  });

  it('an input has a label, placeholder, value, required asterisk, error text and disabled state', () => {
    const { rerender } = render(
      <TextInput
        label="Email"
        placeholder="you@example.com"
        value="x"
        onChange={() => {}}
        required
        error="Email is required"
      />,
    );
    const input = screen.getByLabelText(/^Email/);
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).toHaveValue('x');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
    expect(screen.getByText('*', { exact: false, selector: '.MuiFormLabel-asterisk' })).toBeInTheDocument();
    rerender(<TextInput label="Email" value="x" onChange={() => {}} disabled hint="We never share it" />);
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('We never share it');
  });
});
