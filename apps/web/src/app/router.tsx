import type { GuardedScreen } from '@tavola/contract';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { AppErrorBoundary } from '@/features/errors/router-error-page';
import { RequireScreen } from './guards';

// Each route loads only its own code.
const LandingPage = lazy(() => import('@/features/landing/landing-page'));
const OrderPage = lazy(() => import('@/features/customer-order/order-page'));
const LoginPage = lazy(() => import('@/features/staff-auth/login-page'));
const TeamLoginPage = lazy(() => import('@/features/staff-auth/team-login-page'));
const SignupPage = lazy(() => import('@/features/signup/signup-page'));
const VerifyEmailPage = lazy(() => import('@/features/staff-auth/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('@/features/staff-auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/staff-auth/reset-password-page'));
const EmailConfirmPage = lazy(() => import('@/features/email-confirm/email-confirm-page'));
const WaiterPage = lazy(() => import('./routes/waiter'));
const KitchenPage = lazy(() => import('./routes/kitchen'));
const BarPage = lazy(() => import('./routes/bar'));
const StationPage = lazy(() => import('./routes/station'));
const ExpoPage = lazy(() => import('./routes/expo'));
const ManagerPage = lazy(() => import('./routes/manager'));
const AdminPage = lazy(() => import('./routes/admin'));
const TeamPage = lazy(() => import('./routes/team'));
const NotFoundPage = lazy(() => import('@/features/errors/not-found-page'));

function guarded(screen: GuardedScreen, Page: LazyExoticComponent<ComponentType>) {
  return (
    <RequireScreen screen={screen}>
      <Page />
    </RequireScreen>
  );
}

export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/order" element={<OrderPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/team/login" element={<TeamLoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {/* The contract's RECIPIENT_LINK_PATH (a literal here keeps the contract out of this chunk). */}
          <Route path="/email/confirm" element={<EmailConfirmPage />} />
          <Route path="/waiter/*" element={guarded('waiter', WaiterPage)} />
          <Route path="/kitchen" element={guarded('kitchen', KitchenPage)} />
          <Route path="/bar" element={guarded('bar', BarPage)} />
          <Route path="/station/:slug" element={guarded('station', StationPage)} />
          <Route path="/expo" element={guarded('expo', ExpoPage)} />
          <Route path="/manager" element={guarded('manager', ManagerPage)} />
          <Route path="/admin" element={guarded('admin', AdminPage)} />
          <Route path="/team" element={guarded('team', TeamPage)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  );
}
