import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ApiClient } from 'shared-contracts';
import { leavePageFor } from 'shared-contracts/links';
import { Button } from 'shared-contracts/ui';
import styled from 'styled-components';
import { useRemoteTranslation } from '../../../lib/remote';
import { useOutcome } from '../../../lib/problem';
import { ProblemLine } from '../../../components/ProblemLine';
import { Hint } from '../../../components/form-styles';
import { offeredProviders, startThirdParty, type OfferedProvider } from '../api/third-party';
import { callbackUrl, rememberPending } from '../lib/third-party';

const Section = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-block-start: 1px solid ${({ theme }) => theme.color.border};
  }
`;

/** The providers' marks, drawn here (no external images): Google's G in its four colours, Facebook's f. */
function ProviderMark({ provider }: { provider: OfferedProvider['provider'] }) {
  if (provider === 'facebook') {
    return (
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="12" fill="#1877F2" />
        <path
          fill="#fff"
          d="M13.4 19.5v-6h2l.3-2.4h-2.3V9.6c0-.7.2-1.2 1.2-1.2h1.2V6.3a17 17 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.8H9v2.4h2v6z"
        />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8" />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.8 0-5.3-1.9-6.1-4.5H2.2v2.9A11 11 0 0 0 12 23"
      />
      <path fill="#FBBC05" d="M5.9 14a6.6 6.6 0 0 1 0-4.1V7.1H2.2a11 11 0 0 0 0 9.9z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.7 2.8C6.7 7.3 9.2 5.4 12 5.4" />
    </svg>
  );
}

/**
 * "Continue with Google / Facebook" for the providers getConfig names. The api answers the provider's URL (PKCE,
 * state, nonce kept on the server); this tab remembers the state so the callback only finishes its own sign-in.
 */
export function ThirdPartyButtons({ client }: { client: ApiClient }) {
  const { t } = useRemoteTranslation();
  const [search] = useSearchParams();
  const [offered, setOffered] = useState<OfferedProvider[]>([]);
  const { busy, problem, run } = useOutcome();

  useEffect(() => {
    let live = true;
    void offeredProviders(client, globalThis.location.href).then((providers) => {
      if (live) setOffered(providers);
    });
    return () => {
      live = false;
    };
  }, [client]);

  if (offered.length === 0) return null;

  const begin = async ({ provider }: OfferedProvider) => {
    const redirectUri = callbackUrl();
    const started = await run(() => startThirdParty(client, provider, redirectUri));
    if (!started) return;
    rememberPending({ provider, state: started.state, redirectUri, redirect: search.get('redirect') });
    // Only an http(s) address is followed (the schema lets nothing else through; the page checks again).
    leavePageFor(started.url);
  };

  // A plain group, not a landmark: its only heading would be the word "or".
  return (
    <Section data-testid="third-party">
      <Divider>{t('login.thirdParty.or')}</Divider>
      {offered.map((entry) => (
        <Button
          key={entry.provider}
          type="button"
          $variant="secondary"
          disabled={busy}
          onClick={() => void begin(entry)}
          data-testid={`third-party-${entry.provider}`}
        >
          <ProviderMark provider={entry.provider} />
          {entry.demo ? t('login.thirdParty.demo') : t(`login.thirdParty.${entry.provider}`)}
        </Button>
      ))}
      {offered.some((entry) => entry.demo) ? <Hint>{t('login.thirdParty.demoNote')}</Hint> : null}
      <ProblemLine problem={problem} testId="third-party-problem" />
    </Section>
  );
}
