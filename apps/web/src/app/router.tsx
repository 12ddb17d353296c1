import { lazy, type ReactNode, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { PageLoader } from "../components/PageLoader.tsx";
import LoginPage from "../features/auth/routes/LoginPage.tsx";
import { Guard } from "./Guard.tsx";
import { loadLayout, loadQueryScope } from "./signed-in-chunks.ts";

// The sign-in screen ships with the app; everything else (and TanStack Query with it) loads when first visited.
const SchoolSelectionPage = lazy(() => import("../features/auth/routes/SchoolSelectionPage.tsx"));
const ChangePasswordPage = lazy(() => import("../features/auth/routes/ChangePasswordPage.tsx"));
const RecoverPasswordPage = lazy(() => import("../features/auth/routes/RecoverPasswordPage.tsx"));
const ResetPasswordPage = lazy(() => import("../features/auth/routes/ResetPasswordPage.tsx"));
const NotFoundPage = lazy(() => import("../features/auth/routes/NotFoundPage.tsx"));
const Layout = lazy(loadLayout);
const QueryScope = lazy(loadQueryScope);

const suspended = (element: ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

/**
 * History-mode routes at the site root (spec §2); the layout route matches every other path. Declarative
 * routes: the data-router APIs are not needed and would add to the first screen's JavaScript.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Guard />}>
          <Route path="/" element={<LoginPage />} />
          <Route element={suspended(<QueryScope />)}>
            <Route path="/Schoolselection" element={suspended(<SchoolSelectionPage />)} />
            <Route path="/Changepassword" element={suspended(<ChangePasswordPage />)} />
            <Route path="/RecoverPassword" element={suspended(<RecoverPasswordPage />)} />
            <Route path="/RecoverPassword/reset" element={suspended(<ResetPasswordPage />)} />
            <Route path="/page-not-found" element={suspended(<NotFoundPage />)} />
            <Route path="*" element={suspended(<Layout />)} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
