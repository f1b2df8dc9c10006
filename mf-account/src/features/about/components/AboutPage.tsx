import { useEffect, useState } from 'react';
import { getBus, getStorage, STORAGE_KEYS, type ApiClient } from 'shared-contracts';
import { Button, ButtonAnchor, ButtonLink, Card, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { getApiClient } from '../../../lib/api-client';
import { APP_VERSION, PRODUCT_NAME } from '../../../lib/constants';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { loadAppLinks, type AppLinks } from '../api/config';

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

/** /user/about: product and version, the agreements, the app downloads the site offers, and support. */
export function AboutPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t } = useRemoteTranslation();
  const [apps, setApps] = useState<AppLinks | null>(null);

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
      {apps && (apps.android || apps.ios) ? (
        <Section aria-labelledby="about-apps" data-testid="about-apps">
          <h2 id="about-apps">{t('about.apps')}</h2>
          <Links>
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
        </Section>
      ) : null}
      <Section aria-labelledby="about-help">
        <h2 id="about-help">{t('about.help')}</h2>
        <Button type="button" onClick={openSupport} data-testid="about-support">
          {t('about.support')}
        </Button>
      </Section>
    </PageFrame>
  );
}
