// What the federation shares as `react-router-dom`: the exports the platform uses, from the same
// installed react-router. See sharedSingletons() in federation.mjs. No data router
// (createBrowserRouter, RouterProvider): the shell routes with BrowserRouter and useRoutes.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from 'react-router';
