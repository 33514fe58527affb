import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { LoginForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { checkLogin, type LoginErrors } from '../api/login-rules';
import { isAuthResponse, isTwoFactorChallenge, login } from '../api/sign-in';
import { applyAccountPreferences } from '../../settings';

/** What the page needs to render `TwoFactorStep` while the server waits for the second factor. */
export interface TwoFactorProps {
  ticket: string;
  onSignedIn: (data: unknown) => Promise<void>;
  onRestart: (reason?: string) => void;
}

/**
 * A sign-in form for one area of the portal: the investor app or the issuer console. The password
 * step may be answered with a two-factor challenge (`twoFactor` is then set: the page shows the
 * code step, and the code's answer is admitted like a password's). A role the area does not admit
 * is reported (`deniedRole`) and the session the server opened is closed.
 */
export function useSignInForm({
  admits,
  home,
  onSubmitStart,
  initialTicket,
}: {
  admits: (role: string) => boolean;
  home: string;
  onSubmitStart?: () => void;
  /** A challenge that arrived another way: Google sign-in's redirect (ADR 45). */
  initialTicket?: string | undefined;
}) {
  const navigate = useNavigate();
  const [generalError, setGeneralError] = useState<string>();
  const [deniedRole, setDeniedRole] = useState<string>();
  const [ticket, setTicket] = useState(initialTicket);
  const unlockToken = useUnlockLink();
  const [pausedEmail, setPausedEmail] = useState<string>();
  const form = useLoginFields();
  const { register, errors, setError, isSubmitting } = form;

  /** After the password (and the code, when the account asks for one): the area's role gate. */
  const admit = useCallback(
    async (data: unknown) => {
      setTicket(undefined);
      if (!isAuthResponse(data)) {
        setGeneralError(messages.loginInvalidResponse);
        return;
      }
      if (!admits(data.user.role)) {
        setDeniedRole(data.user.role);
        // The server opened a session; this area will not use it, so close it again.
        await api.logout();
        return;
      }
      storeSession(data);
      await applyAccountPreferences(data.user);
      await navigate(home, { replace: true });
    },
    [admits, home, navigate],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    onSubmitStart?.();
    setGeneralError(undefined);
    setDeniedRole(undefined);
    setPausedEmail(undefined);
    try {
      const data = await login(values, unlockToken);
      if (isTwoFactorChallenge(data)) setTicket(data.ticket);
      else await admit(data);
    } catch (error) {
      const shown = applyServerError(error, ['email', 'password'], setError, messages.loginFailedDefault);
      setGeneralError(shown);
      if (shown && PAUSED.has(shown)) setPausedEmail(values.email);
    }
  });

  /** An expired or used-up ticket: back to the password step, with the reason when there is one. */
  const restart = useCallback((reason?: string) => {
    setTicket(undefined);
    setGeneralError(reason);
  }, []);

  const twoFactor: TwoFactorProps | undefined = ticket
    ? { ticket, onSignedIn: admit, onRestart: restart }
    : undefined;

  return {
    register,
    errors,
    isSubmitting,
    onSubmit,
    generalError,
    setGeneralError,
    deniedRole,
    twoFactor,
    admit,
    /** What `UnlockOffer` shows: the paused address to offer a new link for, or a link at hand. */
    unlock: { pausedEmail, ready: !!unlockToken },
  };
}

/** The answers that mean "this account is paused; a mailed link lets its owner in". */
const PAUSED = new Set<string>([messages.loginPausedForAccount, messages.unlockLinkInvalid]);

/**
 * The secret of a mailed sign-in link (`#unlock=…`), read once at the first render; the fragment
 * is then taken out of the address bar and the history, as the reset link's is.
 */
function useUnlockLink(): string | undefined {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get('unlock') ?? undefined);
  useEffect(() => {
    if (token && hash) void navigate(`${pathname}${search}`, { replace: true });
  }, [token, hash, pathname, search, navigate]);
  return token;
}

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The two fields of the sign-in form, as react-hook-form would hold them with its defaults
 * (checked on submit, then again on each change; the first invalid field takes the focus), in a
 * few lines: the first page does not ship react-hook-form (~12 KB gzip). The inputs stay
 * uncontrolled; their values are read when needed, so a browser's autofill is seen too.
 */
function useLoginFields() {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Field, { type: string; message: string }>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const read = (): LoginForm => ({
    email: inputs.current.email?.value ?? '',
    password: inputs.current.password?.value ?? '',
  });
  const show = (found: LoginErrors, only?: Field) =>
    setErrors((current) => {
      const next = only ? { ...current } : {};
      for (const field of only ? [only] : FIELDS) {
        const message = found[field];
        if (message) next[field] = { type: 'validation', message };
        else delete next[field];
      }
      return next;
    });

  const register = (name: Field) => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: async () => {
      if (submitted.current) show(checkLogin(read()).errors, name);
    },
    onBlur: async () => {},
  });

  const setError = ((name: Field, error: { type?: string; message?: string }) =>
    setErrors((current) => ({
      ...current,
      [name]: { type: error.type ?? 'server', message: error.message ?? '' },
    }))) as UseFormSetError<LoginForm>;

  const handleSubmit =
    (onValid: (values: LoginForm) => Promise<void>) => async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      submitted.current = true;
      const { values, errors: found } = checkLogin(read());
      show(found);
      const invalid = FIELDS.find((field) => found[field]);
      if (invalid) {
        inputs.current[invalid]?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    };

  return { register, errors, setError, isSubmitting, handleSubmit };
}
