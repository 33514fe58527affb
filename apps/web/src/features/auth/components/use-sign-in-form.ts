import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { isAuthResponse, login } from '../api/sign-in';
import { loginValidation } from '../api/validation';
import { applyAccountPreferences } from '../../account-settings/account-preferences';

/**
 * A sign-in form for one area of the portal: the investor app or the issuer console. A role the
 * area does not admit is reported (`deniedRole`) and the session the server opened is closed.
 */
export function useSignInForm({
  admits,
  home,
  onSubmitStart,
}: {
  admits: (role: string) => boolean;
  home: string;
  onSubmitStart?: () => void;
}) {
  const navigate = useNavigate();
  useEffect(() => loginValidation.preload(), []);
  const [generalError, setGeneralError] = useState<string>();
  const [deniedRole, setDeniedRole] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginForm>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    onSubmitStart?.();
    setGeneralError(undefined);
    setDeniedRole(undefined);
    try {
      const data = await login(values);
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
    } catch (error) {
      setGeneralError(applyServerError(error, ['email', 'password'], setError, messages.loginFailedDefault));
    }
  });

  return { register, errors, isSubmitting, onSubmit, generalError, deniedRole };
}
