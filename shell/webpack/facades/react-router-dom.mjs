// Shared as 'react-router-dom'. A shared module cannot be tree-shaken (any remote may use any export), so the site
// shares this list instead of the whole library: the declarative router (<BrowserRouter>/<Routes>) and its hooks,
// from react-router's production build. Importing a name that is not here from 'react-router-dom' fails the
// shell's facade test; add it here (and rebuild the shell, which provides it).
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  Navigate,
  Outlet,
  useNavigate,
  useParams,
  useLocation,
  useSearchParams,
  useMatch,
  useHref,
  useResolvedPath,
  useInRouterContext,
  useRoutes,
  matchRoutes,
  matchPath,
  generatePath,
  resolvePath,
  createSearchParams,
  createPath,
  parsePath,
} from '@eshop-impl/react-router';
