import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type ApiClient } from 'shared-contracts';
import { Button, ButtonAnchor, ButtonLink, Card, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { getApiClient } from '../../../lib/api-client';
import { APP_VERSION, PRODUCT_NAME } from '../../../lib/constants';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { loadAppLinks, type AppLinks } from '../api/config';
import { useWebAppInstall } from './AboutInstall';

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

const Product = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.xl};
  font-weight: 700;
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  a {
    inline-size: 100%;
  }
`;

const Steps = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  line-height: 1.45;
`;

/** The section a link ('/user/about#install', the install pop-up's) points at. */
export const INSTALL_SECTION_ID = 'install';

/**
 * /user/about: product and version, the agreements, installing the shop (the site is a web app: installed from the
 * browser; app store buttons only for the stores the configuration names), and support.
 */
export function AboutPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t } = useRemoteTranslation();
  const [apps, setApps] = useState<AppLinks | null>(null);
  const install = useWebAppInstall();
  const { hash } = useLocation();

  // A link to the install section ('#install') scrolls it into view once the page shows.
  useEffect(() => {
    if (hash !== `#${INSTALL_SECTION_ID}`) return;
    document.getElementById(INSTALL_SECTION_ID)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  useEffect(() => {
    let cancelled = false;
    void loadAppLinks(client, window.location.href).then((links) => {
      if (!cancelled) setApps(links);
    });
    return () => {
      cancelled = true;
    };
  }, [client]);

  const openSupport = () => {
    const email = getStorage().get(STORAGE_KEYS.USER_EMAIL);
    getBus().publish('support:open', email ? { email } : {});
  };

  return (
    <PageFrame page="about" title={t('pages.about.title')} nav="back">
      <Section aria-labelledby="about-product" data-testid="about-product">
        <Product id="about-product">{PRODUCT_NAME}</Product>
        <Muted data-testid="about-version">{t('about.version', { version: APP_VERSION })}</Muted>
        <p>{t('about.description')}</p>
      </Section>
      <Section aria-labelledby="about-legal">
        <h2 id="about-legal">{t('about.legal')}</h2>
        <Links>
          <li>
            <ButtonLink to="/agreement" $variant="secondary" data-testid="about-agreement">
              {t('about.agreement')}
            </ButtonLink>
          </li>
          <li>
            <ButtonLink to="/renew/agreement" $variant="secondary" data-testid="about-renew-agreement">
              {t('about.renewAgreement')}
            </ButtonLink>
          </li>
        </Links>
      </Section>
      <Section id={INSTALL_SECTION_ID} aria-labelledby="about-install" data-testid="about-install">
        <h2 id="about-install">{t('about.apps')}</h2>
        {install.installed ? (
          <p data-testid="about-installed">{t('about.installed')}</p>
        ) : (
          <>
            <p>{t('about.installLine')}</p>
            {install.canPrompt ? (
              <Button type="button" onClick={() => void install.prompt()} data-testid="about-install-button">
                {t('about.installButton')}
              </Button>
            ) : (
              <Steps data-testid="about-install-steps">
                <li>{t('about.installIos')}</li>
                <li>{t('about.installOther')}</li>
              </Steps>
            )}
          </>
        )}
        {apps && (apps.android || apps.ios) ? (
          <Links data-testid="about-apps">
            {apps.android ? (
              <li>
                <ButtonAnchor href={apps.android} target="_blank" rel="noopener noreferrer" $variant="secondary">
                  {t('about.android')}
                </ButtonAnchor>
              </li>
            ) : null}
            {apps.ios ? (
              <li>
                <ButtonAnchor href={apps.ios} target="_blank" rel="noopener noreferrer" $variant="secondary">
                  {t('about.ios')}
                </ButtonAnchor>
              </li>
            ) : null}
          </Links>
        ) : null}
      </Section>
      <Section aria-labelledby="about-help">
        <h2 id="about-help">{t('about.help')}</h2>
        <Button type="button" onClick={openSupport} data-testid="about-support">
          {t('about.support')}
        </Button>
      </Section>
    </PageFrame>
  );
}
