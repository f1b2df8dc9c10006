import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { createRemoteI18n, type BundleLoader } from './i18n';
import { RemoteContext, type PageFrameProps, type RemoteUi } from './remote';
import { floatClearance } from './theme';

const Frame = styled.article`
  display: flex;
  flex-direction: column;
  min-block-size: 100%;
`;

const TopBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.layout.pageBar};
  padding-inline: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.xl};
    line-height: 1.2;
  }
`;

const navButton = css`
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: inline-grid;
  place-items: center;
  flex: none;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  color: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  /* Arrows point the reading direction's way. */
  [dir='rtl'] & svg[data-flip] {
    transform: scaleX(-1);
  }
`;
const BackButton = styled.button`
  ${navButton}
`;
const HomeLink = styled(Link)`
  ${navButton}
`;

// The bottom leaves room for the floating gift and support buttons (theme floatClearance): scrolled to the end, no
// status badge, button or tag of the page stays under them.
const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: 0 ${({ theme }) => theme.space.lg};
  padding-block-end: ${floatClearance};
`;

function Arrow() {
  return (
    <svg data-flip width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
function House() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 11l8-7 8 7v9h-5v-6H9v6H4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The frame of every page of a remote: a back button (refill mode, mode=search) or a home button, the title,
 * then the page. `nav="back"` forces the back button. Remotes use the bound `remote.PageFrame`.
 */
export function RemotePageFrame({ remote, page, title, nav, children }: PageFrameProps & { remote: RemoteUi }) {
  const { t } = remote.useRemoteTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const showBack = (nav ?? (search.get('mode') === 'search' ? 'back' : 'home')) === 'back';
  return (
    <RemoteContext.Provider value={remote}>
      <Frame data-remote={remote.REMOTE_NAME} data-page={page} data-build={remote.BUILD || undefined}>
        <TopBar>
          {showBack ? (
            <BackButton
              type="button"
              aria-label={t('frame.back')}
              data-testid="frame-back"
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
            >
              <Arrow />
            </BackButton>
          ) : (
            <HomeLink to="/" aria-label={t('frame.home')} data-testid="frame-home">
              <House />
            </HomeLink>
          )}
          <h1 data-testid="page-title">{title}</h1>
        </TopBar>
        <Body>{children}</Body>
      </Frame>
    </RemoteContext.Provider>
  );
}

/**
 * A remote's UI set-up, made once in its `src/lib/remote.ts`: `name` is its federation name (data-remote), `ns`
 * its i18next namespace and `load` the dynamic import of its `src/locales/<lang>.json` (one chunk per language).
 */
export function createRemoteUi(name: string, ns: string, load: BundleLoader, build = ''): RemoteUi {
  const remote: RemoteUi = {
    ...createRemoteI18n(ns, load),
    REMOTE_NAME: name,
    BUILD: build,
    PageFrame: (props) => <RemotePageFrame remote={remote} {...props} />,
  };
  return remote;
}
