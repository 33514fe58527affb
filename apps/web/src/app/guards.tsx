import { Navigate, Outlet } from 'react-router';
import { useAuthToken } from '../lib/auth-storage';

/** `/`: the dashboard when signed in, else the sign-in page. */
export function HomeRedirect() {
  return <Navigate to={useAuthToken() ? '/dashboard' : '/login'} replace />;
}

/** Pages that need a session; signing out anywhere (or in another tab) lands on /login. */
export function RequireAuth() {
  return useAuthToken() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Sign-in and registration: a stored authToken means there is nothing to do here. */
export function GuestOnly() {
  return useAuthToken() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
