import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/shared/messages';
import { presetPeriod } from '@portal/shared/statements';
import { setLanguage } from '../../../i18n/i18n';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { StatementsDialog } from './StatementsDialog';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));
afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

const saved: string[] = [];
function captureDownloads() {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
}

describe('the statements dialog (ADR 74)', () => {
  it('downloads last year as CSV and PDF in the reader’s language', async () => {
    captureDownloads();
    const calls = stubFetch(() => new Response('x', { status: 200 }));
    const user = userEvent.setup();
    renderAt('/', <StatementsDialog onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Last year' }));
    const { from, to } = presetPeriod('last-year', new Date());
    expect(screen.getByLabelText(/^From/)).toHaveValue(from);
    expect(screen.getByLabelText(/^To/)).toHaveValue(to);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([`statement-${from}-${to}.csv`]));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.map((call) => call.path)).toEqual([
      `/api/statements.csv?from=${from}&to=${to}&lang=en`,
      `/api/statements.pdf?from=${from}&to=${to}&lang=en`,
    ]);
  });

  it('disables the downloads while the period ends before it starts, and says why', async () => {
    stubFetch(() => json(500, {}));
    const user = userEvent.setup();
    renderAt('/', <StatementsDialog onClose={() => {}} />);
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2000-01-01');
    expect(screen.getByText(messages.statementPeriodReversed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows a refusal in the red banner, in French', async () => {
    await setLanguage('fr');
    stubFetch(() =>
      json(400, { success: false, error: messages.statementPeriodTooLong, code: 'VALIDATION_ERROR' }),
    );
    const user = userEvent.setup();
    renderAt('/', <StatementsDialog onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Télécharger un relevé' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Télécharger le PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Un relevé couvre au plus dix ans');
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    stubFetch(() => json(500, {}));
    renderAt('/', <StatementsDialog onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'تنزيل كشف حساب' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'السنة الماضية' })).toBeInTheDocument();
  });
});
