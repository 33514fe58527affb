import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { LoginPage } from '../features/auth/components/LoginPage';
import { loadEnglish } from '../i18n/i18n';
import { GuestOnly, HomeRedirect, RequireAuth } from './guards';

/**
 * A page loaded on first visit, with the whole English catalogue (the first bundle holds only the
 * sign-in page's words); the named export keeps imports greppable.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadEnglish()]);
    return { default: module[name] };
  });
}

// The sign-in page ships in the first bundle (it is where most visits start); every other page,
// and above all the dashboard, loads on demand.
const RegisterPage = page(() => import('../features/auth/components/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/components/ResetPasswordPage'),
  'ResetPasswordPage',
);
const DashboardLayout = page(() => import('../features/dashboard/routes'), 'DashboardLayout');
const DashboardPage = page(() => import('../features/dashboard/routes'), 'DashboardPage');
const VaultTab = page(() => import('../features/vault/components/VaultTab'), 'VaultTab');
const AccountSettingsPage = page(
  () => import('../features/settings/components/AccountSettingsPage'),
  'AccountSettingsPage',
);
const TokenPage = page(() => import('../features/secondary-market/components/TokenPage'), 'TokenPage');
const VerifyPage = page(() => import('../features/credentials/components/VerifyPage'), 'VerifyPage');
const IssuerLoginPage = page(
  () => import('../features/issuer/components/IssuerLoginPage'),
  'IssuerLoginPage',
);
const IssuerConsole = page(() => import('../features/issuer/components/IssuerConsole'), 'IssuerConsole');
const AdminConsole = page(() => import('../features/admin/components/AdminConsole'), 'AdminConsole');
const NotFoundPage = page(() => import('../components/NotFoundPage'), 'NotFoundPage');

/** The route table of docs/product.md §2.1. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<HomeRedirect />} />
          <Route element={<GuestOnly />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
          </Route>
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          {/* Public: anyone may check a credential, signed in or not. */}
          <Route path="verify" element={<VerifyPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<DashboardLayout />}>
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="vault" element={<VaultTab />} />
              <Route path="account-settings" element={<AccountSettingsPage />} />
              {/* A token's page: its order book, trades and price (docs/product.md §2.8). */}
              <Route path="tokens/:tokenId" element={<TokenPage />} />
            </Route>
          </Route>
          {/* The issuer console: its own sign-in, for ISSUER and ADMIN accounts (docs/product.md §2.15). */}
          <Route path="issuer/login" element={<IssuerLoginPage />} />
          <Route path="issuer" element={<IssuerConsole />} />
          {/* The admin console: ADMIN accounts, signed in at /login (docs/product.md §2.16). */}
          <Route path="admin" element={<AdminConsole />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
