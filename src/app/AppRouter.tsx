import { createBrowserRouter, RouterProvider } from 'react-router';
import { appRoutes, preloadPagesFor } from './AppRoutes';

preloadPagesFor(window.location.pathname);
const router = createBrowserRouter(appRoutes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
