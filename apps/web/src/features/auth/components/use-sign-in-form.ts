import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { isAuthResponse, isTwoFactorChallenge, login } from '../api/sign-in';
import { loginValidation } from '../api/validation';
import { applyAccountPreferences } from '../../account-settings/account-preferences';

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
  useEffect(() => loginValidation.preload(), []);
  const [generalError, setGeneralError] = useState<string>();
  const [deniedRole, setDeniedRole] = useState<string>();
  const [ticket, setTicket] = useState(initialTicket);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginForm>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

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

  const onSubmit = handleSubmit(async (values) => {
    onSubmitStart?.();
    setGeneralError(undefined);
    setDeniedRole(undefined);
    try {
      const data = await login(values);
      if (isTwoFactorChallenge(data)) setTicket(data.ticket);
      else await admit(data);
    } catch (error) {
      setGeneralError(applyServerError(error, ['email', 'password'], setError, messages.loginFailedDefault));
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
  };
}
