// What the federation shares as `react-router-dom`: the exports the platform uses, from the same
// installed react-router. See sharedSingletons() in federation.mjs.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  createBrowserRouter,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
